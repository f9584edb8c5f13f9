import Dispatch
import Foundation
import Gtk
import Projects

/// A flat folder of 10,000 files in a git working tree that ignores some of them (`*.o`), made
/// once in `/tmp/tandem-tree-10k` and kept for the next runs.
private func wideFolder() -> String {
    let root = "/tmp/tandem-tree-10k"
    let marker = root + "/.git/tandem-complete"
    if FileManager.default.fileExists(atPath: marker) { return root }
    try? FileManager.default.removeItem(atPath: root)
    try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    for index in 0..<10_000 {
        FileManager.default.createFile(atPath: root + "/file-\(index)" + (index % 10 == 0 ? ".o" : ".c"), contents: Data("x\n".utf8))
    }
    FileManager.default.createFile(atPath: root + "/.gitignore", contents: Data("*.o\n".utf8))
    let git = Process()
    git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    git.arguments = ["-C", root, "init", "-q"]
    try? git.run()
    git.waitUntilExit()
    FileManager.default.createFile(atPath: marker, contents: Data())
    return root
}

/// The resident memory of this process, in bytes (/proc/self/statm's second field).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
}

/// The side panel of a 10,000-file folder (the target: its first paint within 50 ms, the main
/// thread never blocked on the disk): from the tree's creation in a shown window to its rows and
/// the frame that draws them, warm; the longest main-loop turn meanwhile (filling the rows is
/// the only work on it); and what the tree, and Quick Open's index of 100,000 paths, add to memory.
@MainActor
func folderTreeCost() {
    print("== The side panel of a 10,000-file folder in a git working tree (10% ignored, hidden as by default), warm")
    guard MainLoop.initialize() else { return print("   GTK could not open a display") }
    MainLoop.installMainQueueBridge()  // where the listings come back
    let root = wideFolder()
    var firstRows: [Double] = []
    var firstPaint: [Double] = []
    var longestTurn: [Double] = []
    var memory: [Int] = []
    for round in 0..<6 {
        let before = residentBytes()
        let window = Window()
        window.setDefaultSize(width: 300, height: 800)
        let start = DispatchTime.now().uptimeNanoseconds
        let tree = FolderTree(root: root, accessibleName: "Files", closeName: "Close",
                              ignoredNames: { GitIgnoredNames.ignored(in: $0, $1) })
        window.add(tree)
        window.showAll()
        var rowsAt: UInt64?
        var paintedAt: UInt64?
        tree.afterNextDraw { paintedAt = rowsAt == nil ? nil : DispatchTime.now().uptimeNanoseconds }
        var longest: Double = 0
        let deadline = Date().addingTimeInterval(20)
        while paintedAt == nil, Date() < deadline {
            let turn = measure { if !MainLoop.iterate() { usleep(200) } }
            longest = max(longest, turn)
            if rowsAt == nil, tree.topRowCount > 0 {
                rowsAt = DispatchTime.now().uptimeNanoseconds
                tree.afterNextDraw { paintedAt = DispatchTime.now().uptimeNanoseconds }
            }
        }
        guard tree.topRowCount == 9_000, paintedAt != nil else { return print("   the tree showed \(tree.topRowCount) rows, painted: \(paintedAt != nil); 9,000 expected") }
        // The first round warms the page cache and libgit2's; it alone says what memory the
        // tree takes (the allocator keeps a closed window's pages for the next).
        if round == 0 { memory.append(residentBytes() - before) }
        if round > 0 {
            firstRows.append(Double((rowsAt ?? start) - start))
            firstPaint.append(Double((paintedAt ?? start) - start))
            longestTurn.append(longest)
        }
        window.destroy()
        MainLoop.run(for: 0.2)
    }
    print("rows listed: p50 \(format(percentile(firstRows, 0.5))), max \(format(firstRows.max() ?? 0)); first paint with them: p50 \(format(percentile(firstPaint, 0.5))), max \(format(firstPaint.max() ?? 0))")
    print("longest main-loop turn meanwhile (the rows filled in): p50 \(format(percentile(longestTurn, 0.5))), max \(format(longestTurn.max() ?? 0))")
    print("resident memory the first tree's window added: \(memory.map { "\($0 >> 20) MB" }.joined(separator: ", "))")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).map { (name: $0, isFolder: $0 == ".git") }
    let ignoring = (0..<5).map { _ in measure { _ = GitIgnoredNames.ignored(in: root, names) } }
    print("of which asking git which names it ignores (libgit2, a stat each): p50 \(format(percentile(ignoring, 0.5)))")
    let before = residentBytes()
    let index = QuickOpenIndex(paths: projectPaths(count: 100_000))
    _ = index.matches(for: "main", limit: 100)
    print("resident memory Quick Open's index of 100,000 paths adds: \((residentBytes() - before) >> 20) MB")
}
