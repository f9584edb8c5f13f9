import XCTest
@testable import Documents

/// Each transition of how a document's text arrives and where its server stands.
final class LoadingStateTests: XCTestCase {
    private func typed(_ text: String, at offset: Int) -> TypedWhileLoading {
        TypedWhileLoading(edit: Edit(range: offset..<offset, replacement: text), removed: "")
    }

    func testANewDocumentHasItsWholeTextAndNoServerToWaitFor() {
        let state = LoadingState()
        XCTAssertFalse(state.isLoading)
        XCTAssertNil(state.loader)
        XCTAssertFalse(state.openFailed)
        XCTAssertFalse(state.awaitsServer)
        XCTAssertTrue(state.remoteWritable)
    }

    func testStartedThenProgressedIsLoadingWithItsReader() {
        var state = LoadingState()
        let loader = FileLoader()
        state.started(loader, at: LoadProgress(bytesRead: 10, totalBytes: 100))
        XCTAssertTrue(state.isLoading)
        XCTAssertTrue(state.loader === loader)
        state.progressed(to: LoadProgress(bytesRead: 60, totalBytes: 100))
        XCTAssertEqual(state.progress, LoadProgress(bytesRead: 60, totalBytes: 100))
    }

    func testTypingIsKeptAndARestartCarriesItReadingFromTheStart() {
        var state = LoadingState()
        state.started(FileLoader(), at: LoadProgress(bytesRead: 50, totalBytes: 100))
        state.typed(typed("a", at: 3))
        state.typed(typed("b", at: 4))
        XCTAssertEqual(state.typedWhileLoading.count, 2)
        state.restarted(carrying: [typed("a", at: 5), typed("b", at: 6)])
        XCTAssertEqual(state.typedWhileLoading, [], "typing from now on is the new reading's")
        XCTAssertEqual(state.carriedTyping.map(\.edit.replacement), ["a", "b"])
        XCTAssertEqual(state.progress?.bytesRead, 0)
        XCTAssertTrue(state.isLoading)
    }

    func testCarriedTypingIsTakenInOrderOnlyWhenItFits() {
        var state = LoadingState()
        state.restarted(carrying: [typed("a", at: 5), typed("b", at: 50)])
        XCTAssertNil(state.takeCarried { $0.edit.range.upperBound < 3 }, "not read that far")
        XCTAssertEqual(state.takeCarried { $0.edit.range.upperBound < 10 }?.edit.replacement, "a")
        XCTAssertNil(state.takeCarried { $0.edit.range.upperBound < 10 }, "the next one waits, in order")
        state.dropCarried()
        XCTAssertEqual(state.carriedTyping, [])
    }

    func testFinishedHasTheWholeTextAndForgetsTheTyping() {
        var state = LoadingState()
        state.started(FileLoader(), at: LoadProgress(bytesRead: 0, totalBytes: 9))
        state.typed(typed("x", at: 0))
        state.finished()
        XCTAssertFalse(state.isLoading)
        XCTAssertNil(state.loader)
        XCTAssertEqual(state.typedWhileLoading, [])
    }

    /// A failure with nothing read is a failed open (text read: it is not); a whole read after
    /// it is not failed any more.
    func testAFailedOpenIsNothingReadUntilAWholeReadAfterIt() {
        for (read, failedOpen) in [(Int64(5), false), (0, true)] {
            var state = LoadingState()
            state.started(FileLoader(), at: LoadProgress(bytesRead: read, totalBytes: 9))
            state.failed(nothingRead: read == 0)
            XCTAssertEqual(state.openFailed, failedOpen)
            XCTAssertFalse(state.isLoading)
            XCTAssertNil(state.loader)
        }
        var state = LoadingState()
        state.failed(nothingRead: true)
        state.started(FileLoader(), at: LoadProgress(bytesRead: 0, totalBytes: 0))
        state.readWhole(writable: false)
        XCTAssertFalse(state.openFailed)
        XCTAssertFalse(state.isLoading)
        XCTAssertFalse(state.remoteWritable)
    }

    func testStoppedLetsTheReaderGo() {
        var state = LoadingState()
        state.started(FileLoader(), at: LoadProgress(bytesRead: 1, totalBytes: 9))
        state.stopped()
        XCTAssertNil(state.loader)
    }

    func testOnlyTheLatestRetryCounts() {
        var state = LoadingState()
        let first = state.scheduleRetry(), second = state.scheduleRetry()
        XCTAssertFalse(state.isLatest(first))
        XCTAssertTrue(state.isLatest(second))
    }

    func testAServerThatDoesNotAnswerIsWaitedForUntilItAnswers() {
        var state = LoadingState()
        var looked = 0
        state.lookingAtServer()
        XCTAssertNil(state.lookAgain)
        let retry = state.serverDidNotAnswer { looked += 1 }
        XCTAssertTrue(state.awaitsServer)
        XCTAssertTrue(state.isLatest(retry))
        state.lookAgain?()
        XCTAssertEqual(looked, 1)
        state.lookingAtServer()
        XCTAssertNil(state.lookAgain, "Try Again waits for the look on its way")
        XCTAssertTrue(state.awaitsServer)
        XCTAssertTrue(state.serverAnswered())
        XCTAssertFalse(state.awaitsServer)
        XCTAssertNil(state.lookAgain)
        XCTAssertFalse(state.serverAnswered(), "it was not waiting any more")
    }

    func testTryAgainWhileALookIsOnItsWayAsksOnceThatLookFindsNoAnswer() {
        var state = LoadingState()
        state.lookingAtServer()
        _ = state.serverDidNotAnswer {}
        state.lookingAtServer()  // a look every few seconds, which may not ask
        state.triedAgainWhileLooking()
        _ = state.serverDidNotAnswer {}
        XCTAssertTrue(state.takeTryAgain(asked: false), "no answer: a look that asks is due")
        XCTAssertFalse(state.takeTryAgain(asked: false), "once")
        state.lookingAtServer()
        state.triedAgainWhileLooking()
        XCTAssertFalse(state.takeTryAgain(asked: true), "the look on its way asked already")
        state.triedAgainWhileLooking()
        XCTAssertTrue(state.serverAnswered())
        XCTAssertFalse(state.takeTryAgain(asked: false), "the server answered: nothing more to ask")
    }
}
