"""What Merge must make of a base, my text and theirs, as the random user's model says it: a
line-based three-way merge (diff3) where a region only one side changed takes that side, a region
both changed the same way takes it once, and a region both changed differently keeps mine, then
theirs. Changes that touch count as overlapping, as git counts them.

A diff is not unique when lines repeat: two equally short scripts can pair different lines, and
the merge then depends on which one a diff picks. The model does not guess Tandem's choice:
`expected` merges with three diffs that break ties differently and answers only when they agree
(None: the merge is ambiguous, and the random user answers the question another way).
"""
import difflib


def lines(text):
    """The lines of `text`, each with its line break (the last may have none)."""
    return text.splitlines(keepends=True) if text else []


def _lcs_pairs(a, b, prefer_old):
    """The equal lines (i, j) of a longest common subsequence, each matched as early as it can
    be; ties skip an old line first (`prefer_old`) or a new line first."""
    n, m = len(a), len(b)
    length = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            length[i][j] = length[i + 1][j + 1] + 1 if a[i] == b[j] else max(length[i + 1][j], length[i][j + 1])
    pairs, i, j = [], 0, 0
    while i < n and j < m:
        if a[i] == b[j] and length[i][j] == length[i + 1][j + 1] + 1:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif length[i + 1][j] > length[i][j + 1] or (length[i + 1][j] == length[i][j + 1] and prefer_old):
            i += 1
        else:
            j += 1
    return pairs


def _early_hunks(a, b):
    return _gaps(_lcs_pairs(a, b, True), len(a), len(b))


def _late_hunks(a, b):
    """Lines matched as late as they can be: the early walk over both texts reversed."""
    n, m = len(a), len(b)
    pairs = [(n - 1 - i, m - 1 - j) for i, j in reversed(_lcs_pairs(a[::-1], b[::-1], False))]
    return _gaps(pairs, n, m)


def _difflib_hunks(a, b):
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    pairs = [(block.a + k, block.b + k) for block in matcher.get_matching_blocks() for k in range(block.size)]
    return _gaps(pairs, len(a), len(b))


def _gaps(pairs, n, m):
    hunks, last_a, last_b = [], 0, 0
    for i, j in pairs + [(n, m)]:
        if i > last_a or j > last_b:
            hunks.append(((last_a, i), (last_b, j)))
        last_a, last_b = i + 1, j + 1
    return hunks


def merge(base, mine, theirs, diff):
    """diff3 of the three texts with `diff` (a, b → hunks): (merged text, number of conflicts)."""
    b, my, th = lines(base), lines(mine), lines(theirs)
    mh = diff(b, my) if b != my else []
    th_h = diff(b, th) if b != th else []
    out, conflicts = [], 0
    nxt, m, t, my_shift, th_shift = 0, 0, 0, 0, 0
    while m < len(mh) or t < len(th_h):
        mine_first = t == len(th_h) or (m < len(mh) and mh[m][0][0] <= th_h[t][0][0])
        low = mh[m][0][0] if mine_first else th_h[t][0][0]
        high, first_m, first_t = low, m, t
        while True:
            if m < len(mh) and low <= mh[m][0][0] <= high:
                high = max(high, mh[m][0][1])
                m += 1
            elif t < len(th_h) and low <= th_h[t][0][0] <= high:
                high = max(high, th_h[t][0][1])
                t += 1
            else:
                break
        out.extend(b[nxt:low])

        def side(hunks, shift):
            growth = sum((h[1][1] - h[1][0]) - (h[0][1] - h[0][0]) for h in hunks)
            return low + shift, high + shift + growth
        my_range, th_range = side(mh[first_m:m], my_shift), side(th_h[first_t:t], th_shift)
        my_shift, th_shift = my_range[1] - high, th_range[1] - high
        my_part, th_part = my[my_range[0]:my_range[1]], th[th_range[0]:th_range[1]]
        if t == first_t:
            out.extend(my_part)
        elif m == first_m or my_part == th_part:
            out.extend(th_part)
        else:
            conflicts += 1
            out.extend(my_part)
            if my_part and th_part and not my_part[-1].endswith("\n"):
                out.append("\n")  # both sides stay whole lines
            out.extend(th_part)
        nxt = high
    out.extend(b[nxt:])
    return "".join(out), conflicts


def expected(base, mine, theirs):
    """The merge every tie-break agrees on, as (text, conflicts), or None when they differ."""
    results = {merge(base, mine, theirs, diff) for diff in (_early_hunks, _late_hunks, _difflib_hunks)}
    return results.pop() if len(results) == 1 else None


if __name__ == "__main__":
    # A few cases to see it at work: python3 Tests/Random/merge_model.py
    assert expected("a\nb\nc\n", "A\nb\nc\n", "a\nb\nC\n") == ("A\nb\nC\n", 0)
    assert expected("a\nb\nc\n", "a\nB\nc\n", "a\nb\nC\n") == ("a\nB\nc\nb\nC\n", 1)  # touching: both kept
    assert expected("a\nb\n", "a\nb\nx\n", "a\nb\nx\n") == ("a\nb\nx\n", 0)
    assert expected("a", "a mine", "a theirs") == ("a mine\na theirs", 1)
    assert expected("x\ny\nx\n", "x\n", "x\ny\nx\nq\n") is None  # which x went: the diffs differ
    print("merge model: ok")
