import Glibc
import SafeFiles
import XCTest

/// Environment variables are read one at a time, as set, unset or empty.
final class EnvironmentVariableTests: XCTestCase {
    func testSetUnsetAndEmpty() {
        let name = "TANDEM_TEST_VARIABLE_\(getpid())"
        XCTAssertNil(EnvironmentVariable.value(name))
        setenv(name, "a value ä", 1)
        XCTAssertEqual(EnvironmentVariable.value(name), "a value ä")
        setenv(name, "", 1)
        XCTAssertEqual(EnvironmentVariable.value(name), "", "set but empty is not unset")
        unsetenv(name)
        XCTAssertNil(EnvironmentVariable.value(name))
    }
}
