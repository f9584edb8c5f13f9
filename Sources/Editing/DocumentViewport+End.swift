import Documents

/// Ctrl+End while a big file is still being read goes to the end of what is read so far, and
/// keeps going there as the rest comes in, until the caret is moved: the last line of the file
/// is where it ends up, without pressing Ctrl+End again and again.
extension DocumentViewport {
    func keepAtEnd(_ event: DocumentEvent) {
        guard let kept = keptAtEnd else { return }
        switch event {
        case .loadProgressed, .loadFinished: break
        default: return
        }
        guard binding.selection == kept..<kept else { return keptAtEnd = nil }
        let end = binding.shownEnd
        if end != kept {
            binding.reveal(end)
            binding.select(anchor: end, caret: end)
            view.scrollToCaret(yalign: 1)
        }
        keptAtEnd = binding.document.isLoading ? end : nil
    }
}

