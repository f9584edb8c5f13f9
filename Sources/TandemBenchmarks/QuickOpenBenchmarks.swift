import Projects
import TestSupport

/// A kernel-like tree of `count` paths: folders four to six deep of a few dozen names each, files
/// of C, headers, Swift, Markdown and build files; the same tree every run.
func projectPaths(count: Int) -> [String] {
    var random = SplitMix64(seed: 70)
    let folders = ["drivers", "net", "fs", "arch", "include", "kernel", "mm", "sound", "tools", "lib", "crypto", "block",
                   "gpu", "drm", "amd", "intel", "usb", "core", "host", "ipv4", "ipv6", "ext4", "btrfs", "x86", "arm64",
                   "scripts", "Documentation", "firmware", "media", "platform", "pci", "power", "sched", "trace", "bpf"]
    let stems = ["main", "core", "init", "super", "inode", "namei", "dev", "irq", "sysfs", "debugfs", "EditorWindow",
                 "TextStorage", "file_table", "page-alloc", "slab", "vmscan", "netfilter", "socket", "tcp_input",
                 "Kconfig", "Makefile", "README", "module", "params", "timer", "workqueue", "rcu_tree", "spinlock"]
    let suffixes = [".c", ".c", ".c", ".h", ".h", ".swift", ".md", "", ".rst", ".S", ".py"]
    var seen = Set<String>()
    var paths: [String] = []
    while paths.count < count {
        let depth = 2 + random.next(5)
        let folder = (0..<depth).map { _ in folders[random.next(folders.count)] }.joined(separator: "/")
        let name = stems[random.next(stems.count)] + (random.next(3) == 0 ? "_\(random.next(40))" : "") + suffixes[random.next(suffixes.count)]
        let path = folder + "/" + name
        if seen.insert(path).inserted { paths.append(path) }
    }
    return paths
}

/// Quick Open's search as the letters of a few queries are typed, one key at a time, over a
/// hundred thousand paths (the target: each key's results within 16 ms at the 95th percentile).
func quickOpenCost() {
    print("== Quick Open: each key's best 100 of 100,000 paths (queries typed letter by letter)")
    let paths = projectPaths(count: 100_000)
    var samples: [Double] = []
    var first: [Double] = []
    let queries = ["editorwindow", "ext4inode", "drmamdcore", "tcpinput.c", "kconfig", "mmslab", "netipv4socket", "readme.md", "x86irq"]
    for round in 0..<3 {
        for query in queries {
            let index = QuickOpenIndex(paths: paths)  // each query from a fresh field
            var typed = ""
            for letter in query {
                typed.append(letter)
                let time = measure { _ = index.matches(for: typed, limit: 100) }
                if round > 0 { samples.append(time) }  // the first round warms the caches
                if round > 0 && typed.count == 1 { first.append(time) }
            }
        }
    }
    print("keys      p50        p95        max        (the first key of a query: p50 \(format(percentile(first, 0.5))), max \(format(first.max() ?? 0)))")
    print("\(samples.count)".padding(toLength: 10, withPad: " ", startingAt: 0)
          + format(percentile(samples, 0.5)).padding(toLength: 11, withPad: " ", startingAt: 0)
          + format(percentile(samples, 0.95)).padding(toLength: 11, withPad: " ", startingAt: 0)
          + format(samples.max() ?? 0))
}
