from assistant.wording import a


def test_the_article_follows_the_first_sound_letter():
    assert a("orange") == "an orange"
    assert a("Indian Summer") == "an Indian Summer"
    assert a("green") == "a green"
    assert a("red leaf") == "a red leaf"
