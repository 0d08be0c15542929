import { describe, expect, it } from "vitest";
import {
  indexTerms,
  matchExpression,
  oneEditAway,
  otherLayouts,
  productSearchColumns,
  queryWords,
  toLatin,
  uzbekStem,
  wordsOf,
} from "~/catalogue/search-terms.server";

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
    expect(matchExpression(queryWords("bolalar kiyimi"), ["search_name"])).toBe(
      '{search_name} : ("bola" OR "bolalar"*) AND {search_name} : ("kiyim" OR "kiyimi"*)',
    );
  });

  it("spells a query on the other keyboard layout", () => {
    expect(otherLayouts("rhjccjdrb")).toEqual(["кроссовки"]);
    expect(otherLayouts("rhjcsdrb")).toEqual(["кросывки", "кросівки"]);
    expect(otherLayouts("лкщыыщмлф")).toEqual(["krossovka"]);
    expect(otherLayouts("123")).toEqual([]);
  });

  it("lists what is one edit away", () => {
    const { exact, patterns } = oneEditAway("abc");
    expect(new Set(exact)).toEqual(new Set(["bc", "ac", "ab", "bac", "acb"]));
    expect(new Set(patterns)).toEqual(new Set(["?bc", "a?c", "ab?", "?abc", "a?bc", "ab?c", "abc?"]));
  });
});
