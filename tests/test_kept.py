"""``Kept``: the models' answers kept by what they were made from."""

from __future__ import annotations

import threading

from companion.model.kept import Kept


def test_found_again_only_for_the_very_objects_it_was_made_from() -> None:
    kept: Kept[str] = Kept(4)
    state = [1, 2]
    kept.put(id(state), "answer", (state,))
    assert kept.get(id(state), (state,)) == "answer"
    assert kept.get(id(state), ([1, 2],)) is None  # equal, not the same object
    assert kept.get(id(state)) is None  # made from something: asked without it
    assert kept.get("other", (state,)) is None


def test_the_oldest_go_first_and_an_answer_asked_for_is_new_again() -> None:
    kept: Kept[int] = Kept(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # "a" is now the newest
    kept.put("c", 3)
    assert (kept.get("a"), kept.get("b"), kept.get("c")) == (1, None, 3)
    assert len(kept) == 2
    kept.clear()
    assert len(kept) == 0 and kept.get("a") is None


def test_threads_asking_at_once_keep_it_bounded() -> None:
    kept: Kept[int] = Kept(8)

    def work(base: int) -> None:
        for i in range(500):
            kept.put((base, i % 20), i)
            kept.get((base, (i * 7) % 20))

    threads = [threading.Thread(target=work, args=(b,)) for b in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(kept) == 8
