import Dispatch
import FoundationEssentials
import Localization
import SafeFiles

/// Where the user was in files whose last window closed (caret, scroll, zoom), so that opening
/// one again comes back there, as gedit keeps it in file metadata: one JSON file in the state
/// folder (0600), the last `limit` files, written off the main thread.
@MainActor
final class RecentPlaces {
    struct Place: Codable, Equatable {
        var path: String
        var caretLine: Int
        var caretColumn: Int
        var topLine: Int?
        var zoom: Double?
        /// The language the user picked ("" for plain text; nil: none picked).
        var language: String?
    }

    static let limit = 1_000
    private let file: String?
    /// Most recent last; read the first time a place is asked for or kept.
    private lazy var places: [Place] = load()
    private let queue = DispatchQueue(label: "tandem.places", qos: .utility)

    /// The places kept in `folder` (nil: keeps none), read when first needed: a launch that
    /// opens no file never reads them.
    init(folder: String?) {
        file = folder.map { $0 + "/places.json" }
    }

    /// Reads the places kept; a damaged file is said once and skipped.
    private func load() -> [Place] {
        guard let file, FileSystem.exists(file) else { return [] }
        guard let size = FileSystem.regularFileSize(file), size <= 4 << 20, let bytes = FileSystem.contents(file),
              let read = try? JSONDecoder().decode([Place].self, from: Data(bytes)) else {
            StandardError.write("tandem: " + localized("skipped %1: it is damaged", file))
            return []
        }
        return Array(read.suffix(Self.limit))
    }

    /// Where the user was in the file at `path`, if its window closed before.
    func place(for path: String) -> Place? { places.last { $0.path == path } }

    /// Keeps `place` as the newest, dropping the oldest past `limit`.
    func remember(_ place: Place) {
        places.removeAll { $0.path == place.path }
        places.append(place)
        if places.count > Self.limit { places.removeFirst(places.count - Self.limit) }
        guard let file, let data = try? JSONEncoder().encode(places) else { return }
        queue.async {
            do { try AtomicFileWriter.write(data, to: file, mode: 0o600, followingSymlinks: false) } catch {
                StandardError.write("tandem: " + localized("could not keep the places of closed files in %1", file))
            }
        }
    }

    /// Returns once every place remembered so far is on disk (quitting).
    func waitUntilWritten() { queue.sync {} }
}
