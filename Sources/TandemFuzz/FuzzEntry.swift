import FoundationEssentials
import SafeFiles
#if canImport(Glibc)
import Glibc
#endif

#if FUZZING
/// libFuzzer's entry: one input for the target `TANDEM_FUZZ_TARGET` names.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    FuzzTarget.current.run(bytes)
    return 0
}

/// libFuzzer's driver (SwiftPM names the executable's entry, so libFuzzer's own `main` is not it).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// Hands the command line to libFuzzer.
@main
enum FuzzDriver {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
    }
}
#else
/// Without the fuzzer: `tandem-fuzz TARGET FILE…` runs each file through the target, as the
/// fuzzer would (a corpus in CI, or a crash the fuzzer saved); exits 2 on a bad command line.
@main
enum FuzzReplay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")
            StandardError.write("usage: tandem-fuzz \(names) FILE…")
            exit(2)
        }
        var count = 0
        for path in arguments.dropFirst() {
            guard let handle = fopen(path, "rb") else {
                StandardError.write("tandem-fuzz: cannot read \(path)")
                exit(2)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = fread(&chunk, 1, chunk.count, handle)
                if n <= 0 { break }
                bytes += chunk[0..<n]
            }
            fclose(handle)
            target.run(bytes)
            count += 1
        }
        print("tandem-fuzz \(name): \(count) inputs ran clean")
    }
}
#endif
