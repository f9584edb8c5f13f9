import CGtk

/// Parts of the buffer in a language of their own (a German quotation in an English book): each
/// is checked with its language's dictionary, loaded the first time a part needs it.
extension InlineSpelling {
    /// The part of `run` from its start in one language, and that language (nil: the group's).
    func inOneLanguage(_ run: Range<Int>) -> (Range<Int>, String?) {
        guard let spans = languagesIn?(run), !spans.isEmpty else { return (run, nil) }
        if let within = spans.first(where: { $0.range.contains(run.lowerBound) }) {
            load(within.code)
            return (run.lowerBound..<min(run.upperBound, within.range.upperBound), within.code)
        }
        let next = spans.map(\.range.lowerBound).filter { $0 > run.lowerBound }.min() ?? run.upperBound
        return (run.lowerBound..<min(run.upperBound, next), nil)
    }

    /// The checker for text in `language` (nil: the group's): nil while its dictionary loads; the
    /// group's when there is no such dictionary.
    func checker(for language: String?) -> SpellChecker? {
        guard let language else { return checker }
        switch paragraphCheckers[language] {
        case .none: return nil
        case .some(let loaded): return loaded ?? checker
        }
    }

    /// The checker of the text at `offset`: its part's language's once loaded, else the group's.
    func checker(at offset: Int) -> SpellChecker? {
        let code = languagesIn?(offset..<(offset + 1)).first { $0.range.contains(offset) }?.code
        return checker(for: code) ?? checker
    }

    /// The words of `range` are checked again (its language changed).
    func respell(_ range: Range<Int>) {
        let lower = max(0, min(range.lowerBound, characterCount)), upper = max(lower, min(range.upperBound, characterCount))
        edited(lower, upper, size: Int.max)
    }

    /// Starts loading `code`'s dictionary unless it is loaded or loading; the text waiting for
    /// it is checked once it arrives (or with the group's dictionary, when there is none).
    private func load(_ code: String) {
        guard paragraphCheckers.index(forKey: code) == nil, !loadingLanguages.contains(code) else { return }
        loadingLanguages.insert(code)
        SpellCheckers.checker(language: code) { [weak self] loaded in
            guard let self else { return }
            self.loadingLanguages.remove(code)
            self.paragraphCheckers[code] = .some(loaded)
            self.schedule()
        }
    }
}
