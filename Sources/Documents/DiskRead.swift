import Localization
import SafeFiles

extension DiskSync {
    /// What a read off the main thread found.
    enum DiskRead: Sendable {
        case grew(FileTail.Growth, stamp: DiskStamp)
        /// The version known, byte for byte, at `stamp` (written in place, or a new file with the same bytes).
        case unchanged(DiskStamp)
        case whole(Whole)

        /// A whole file read, compared with the document's text, and the change turned into the
        /// document's next text off the main thread (for 100 MB, each of those is a long stall).
        struct Whole: Sendable {
            /// The file's text, or why it cannot be the document's.
            var file: Result<TextFile, TextFileError>
            /// The version read: the stamp before the read. Nil when the file changed while it was
            /// read (what was read may be half of each): the next look reads it again.
            var stamp: DiskStamp?
            /// The end of the version read, to follow it if it only grows.
            var tail: FileTail?
            /// The text the document had at `version`, changed into the file's (nil: the same).
            var change: TextChange?
            var version: Int
            /// Whether the file holds the text of `known` (the version known before a question).
            var isKnown = false
            /// CRC-32 of the bytes read.
            var digest: UInt32?

            /// A change to a file too big to hold whole: not read, said as a file that cannot be.
            init(tooBigToCompare path: String, version: Int) {
                self.version = version
                file = .failure(TextFileError(localized("The text open stands on the version first read, which is too big to compare with the new one; Tandem keeps reading that version while the document is open.")))
                stamp = DiskStamp.of(path)
            }

            /// `text` nil: only the file is read, compared with nothing.
            init(path: String, comparedWith text: TextStorage?, version: Int, known: TextStorage? = nil) {
                self.version = version
                let before = DiskStamp.of(path)
                do throws(TextFileError) {
                    let bytes = try TextFile.readBytes(path)
                    digest = journalCRC(bytes)
                    file = .success(try TextFile.decode(bytes, name: PathName.file(of: path)))
                } catch { file = .failure(error) }
                if let size = before?.size { tail = FileTail.of(path, size: size) }
                stamp = DiskStamp.of(path) == before ? before : nil
                if case .success(let read) = file, let text { change = TextChange(from: text, to: read.text) }
                if case .success(let read) = file, let known { isKnown = known.string.utf8.elementsEqual(read.text.utf8) }
            }
        }
    }
}
