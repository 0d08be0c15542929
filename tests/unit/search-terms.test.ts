import { describe, expect, it } from "vitest";
import { matchExpression, queryWords, russianFromLatin, uzbekKeyboardVariants } from "~/search/query-words.server";
import { indexTerms, productSearchColumns, toLatin, uzbekStem, wordsOf, wordTerms } from "~/search/terms.server";
import { firstLetterAlikes, otherLayouts, typoBudget, typoCost } from "~/search/typos.server";

describe("the search's terms", () => {
  it("reads Uzbek Cyrillic as Latin, е as ye at a word's start or after a vowel", () => {
    expect(["кийим", "пойабзал", "аёллар", "кўйлак", "ғишт", "қора", "ҳаво", "шим", "чопон", "юбка", "яшил", "енгил", "этик", "оёқ"].map(toLatin)).toEqual([
      "kiyim",
      "poyabzal",
      "ayollar",
      "koylak",
      "gisht",
      "qora",
      "havo",
      "shim",
      "chopon",
      "yubka",
      "yashil",
      "yengil",
      "etik",
      "oyoq",
    ]);
  });

  it("cuts Uzbek endings by its rules, the same way on every form of a word", () => {
    const stems = (words: string[]) => new Set(words.map(uzbekStem));
    expect(stems(["krossovka", "krossovkalar", "krossovkalarni", "krossovkaning", "krossovkasi", "krossovkaga", "krossovkada", "krossovkadan"])).toEqual(
      new Set(["krossovka"]),
    );
    expect(stems(["kurtka", "kurtkalari", "kurtkalarni"])).toEqual(new Set(["kurtka"]));
    expect(stems(["kiyim", "kiyimi", "kiyimlar"])).toEqual(new Set(["kiyim"]));
    expect(stems(["tufli", "tuflilar", "tuflilari"])).toEqual(new Set(["tufl"]));
    // Short words keep their letters.
    expect(["oq", "shim", "xudi", "bola", "ona"].map(uzbekStem)).toEqual(["oq", "shim", "xudi", "bola", "ona"]);
  });

  it("folds case, apostrophes, a Latin letter's diacritics, and keeps й and ё", () => {
    expect(wordsOf("O\u02BBzbegim KROSSÓVKA, йод-ёлка")).toEqual(["ozbegim", "krossovka", "йод", "ёлка"]);
  });

  it("reads a word that mixes scripts in its main script", () => {
    expect(queryWords("kr\u043essovka")[0]!.terms).toContain("krossovka");
    expect(queryWords("кроссо\u0076ки")[0]!.terms).toContain("кроссовк");
  });

  it("indexes a Cyrillic word by its Russian, Ukrainian and Uzbek-Latin stems", () => {
    const terms = indexTerms(["Лёгкие кроссовки", "Легкі кросівки"]).split(" ");
    expect(terms).toEqual(expect.arrayContaining(["легк", "кроссовк", "кросівк", "krossovk"]));
    const columns = productSearchColumns({ names: ["Aral ko'ylak"], categories: ["Ko'ylaklar"], other: ["Qora"] });
    expect(columns).toEqual({ search_name: "aral koylak", search_category: "koylak", search_rest: "qora" });
  });

  it("adds a prefix and the stem without a fleeting vowel to a query's words", () => {
    const [word] = queryWords("кроссовок");
    expect(word!.terms).toEqual(expect.arrayContaining(["кроссовк", "кроссовок*"]));
    expect(queryWords("a % o' x")).toEqual([]);
    const expression = matchExpression(queryWords("bolalar kiyimi"), ["search_name"]);
    expect(expression).toMatch(/^\{search_name\} : \("bola" OR .*"bolalar"\*\) AND \{search_name\} : \("kiyim" OR .*"kiyimi"\*\)$/);
  });

  it("reads Russian typed in Latin letters, the usual ways", () => {
    const stemOf = (word: string) => wordTerms(word);
    const finds = (typed: string, russian: string) =>
      expect(queryWords(typed)[0]!.terms, `${typed} → ${russian}`).toEqual(expect.arrayContaining([stemOf(russian)[0]!]));
    finds("bryuki", "брюки");
    finds("shapka", "шапка");
    finds("dzhinsy", "джинсы");
    finds("djinsy", "джинсы");
    finds("kurtka", "куртка");
    finds("plate", "платье");
    finds("yubka", "юбка");
    finds("zhiletka", "жилетка");
    finds("khalat", "халат");
    finds("sviter", "свитер");
    expect(russianFromLatin("krasnyy")).toContain("красный");
    expect(russianFromLatin("kozha42")).toEqual([]);
  });

  it("reads English words as the shop's own", () => {
    for (const [english, native] of [
      ["hoodie", "худи"],
      ["sneakers", "krossovka"],
      ["jeans", "джинсы"],
      ["bag", "sumka"],
      ["dress", "платье"],
      ["t-shirt", "futbolka"],
      ["shoes", "обувь"],
    ] as const)
      expect(queryWords(english)[0]!.terms, english).toEqual(expect.arrayContaining(wordTerms(native)));
  });

  it("reads a softened final k or q back (ko'ylagi → ko'ylak, qalpog'i → qalpoq)", () => {
    expect(queryWords("ko'ylagi")[0]!.terms).toContain("koylak");
    expect(queryWords("qalpog'i")[0]!.terms).toContain("qalpoq");
    expect(queryWords("кўйлаги")[0]!.terms).toContain("koylak");
    expect(queryWords("sumkasi")[0]!.terms).not.toContain("sumkak");
  });

  it("reads Uzbek Cyrillic typed on a Russian keyboard (к for қ, у for ў, х for ҳ)", () => {
    expect(uzbekKeyboardVariants("кизил")).toContain("qizil");
    expect(uzbekKeyboardVariants("угил")).toContain("ogil");
    expect(queryWords("кизил")[0]!.terms).toContain("qizil");
    expect(queryWords("хаво")[0]!.terms).toContain("havo");
    expect(uzbekKeyboardVariants("сомса")).toEqual([]);
  });

  it("spells a query on the other keyboard layout", () => {
    expect(otherLayouts("rhjccjdrb")).toEqual(["кроссовки"]);
    expect(otherLayouts("rhjcsdrb")).toEqual(["кросывки", "кросівки"]);
    expect(otherLayouts("лкщыыщмлф")).toEqual(["krossovka"]);
    expect(otherLayouts("123")).toEqual([]);
  });

  it("counts typos: two in a long word, a sound-alike letter as half of one", () => {
    expect(typoCost("красовк", "кроссовк", 2)).toBe(1.5);
    expect(typoCost("батинк", "ботинк", 1)).toBe(0.5);
    expect(typoCost("юпк", "юбк", 0.5)).toBe(0.5);
    expect(typoCost("krosovka", "krossovka", 1)).toBe(1);
    expect(typoCost("kurtaka", "kurtka", 1)).toBe(1);
    expect(typoCost("futbolks", "futbolka", 1)).toBe(1);
    expect(typoCost("abcd", "abdc", 1)).toBe(1);
    expect(typoCost("кроссовк", "куртк", 2)).toBe(Number.POSITIVE_INFINITY);
    expect(typoBudget(8)).toBe(2);
    expect(typoBudget(5)).toBe(1);
    expect(typoBudget(4)).toBe(0.5);
    expect(typoBudget(3)).toBe(0);
    expect(firstLetterAlikes("б")).toEqual(["б", "п"]);
  });
});
