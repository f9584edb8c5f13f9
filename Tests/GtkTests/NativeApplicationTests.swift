import Glibc
import Gtk
import XCTest

private func gdkGL() -> String? { getenv("GDK_GL").map { String(cString: $0) } }

/// GTK's GL is switched off before GTK starts, unless the user chose otherwise. (That the switch
/// is gone once started is asserted where an application registers: WindowSceneLifecycleTests;
/// a second GtkApplication cannot register in the same process.)
final class NativeApplicationTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try Display.require() } }

    func testGLIsOffBeforeGTKStarts() {
        MainActor.assumeIsolated {
            unsetenv("GDK_GL")
            defer { unsetenv("GDK_GL") }
            var app: NativeApplication? = NativeApplication(id: "io.github.tandemedit.GLOffTest\(getpid())")
            XCTAssertEqual(gdkGL(), "disable", "set before gtk_init reads it")
            XCTAssertNotNil(app)
            app = nil
            XCTAssertNil(gdkGL(), "an application that never started takes it back")
        }
    }

    func testAUsersOwnChoiceStands() {
        MainActor.assumeIsolated {
            setenv("GDK_GL", "always", 1)
            defer { unsetenv("GDK_GL") }
            _ = NativeApplication(id: "io.github.tandemedit.GLUserTest\(getpid())")
            XCTAssertEqual(gdkGL(), "always")
        }
    }
}
