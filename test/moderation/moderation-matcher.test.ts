/**
 * The disguise-proof word matcher (src/server/moderation/matcher.ts): each listed word written nine
 * ways is found, texts holding the same characters apart are not, and every occurrence is reported
 * where it stands in the original text.
 */
import { describe, expect, it } from 'vitest';
import { foldForMatch, WordAutomaton } from '../../src/server/moderation/matcher.ts';

const WORDS = ['赌博', '洗钱', '传销', '毒品', '办假证'];

/**
 * Nine ways to write a word: plain, spaced, full-width spaced, split by a line break, dots, stars, a
 * zero-width space, an emoji, traditional. (Split by HTML tags is the API's test: rich text is matched
 * as its text.)
 */
function disguises(word: string): string[] {
  const chars = [...word];
  const traditional: Record<string, string> = { 赌博: '賭博', 洗钱: '洗錢', 传销: '傳銷', 毒品: '毒品', 办假证: '辦假證' };
  return [word, chars.join(' '), chars.join('\u3000'), chars.join('\n'), chars.join('.'), chars.join('*'), chars.join('\u200b'), chars.join('🎲'), traditional[word]];
}

describe('the word matcher', () => {
  const automaton = new WordAutomaton(WORDS);

  it.each(WORDS)('finds %s written each of nine ways', (word) => {
    for (const form of disguises(word)) {
      const text = `周末一起${form}怎么样`;
      const found = automaton.find(text);
      expect(
        found.map((f) => WORDS[f.word]),
        form,
      ).toEqual([word]);
      // The span covers the disguised form in the original text, nothing around it.
      expect(text.slice(found[0].from, found[0].to), form).toBe(form);
    }
  });

  // A hostile review published these: letters that are drawn blank or as a separating mark.
  it('sees through letters that read as nothing or as a separator', () => {
    const separators = ['\u3164', '\u115f', '\u1160', '\uffa0', '\u034f', '\u17b4', 'ー', 'ｰ', '々', '〆', 'ㆍ', 'ꞏ', 'ː', '\u2800'];
    for (const separator of separators) {
      const text = `周末一起赌${separator}博怎么样`;
      expect(
        automaton.find(text).map((f) => WORDS[f.word]),
        JSON.stringify(separator),
      ).toEqual(['赌博']);
    }
    // Real letters between stay letters.
    expect(automaton.find('赌ー博'.replace('ー', '场'))).toEqual([]);
  });

  it('leaves texts with the same characters apart, and other words, alone', () => {
    for (const innocent of ['赌场里的博物馆', '洗衣店赚钱', '传统营销', '消毒产品', '办理假日证明', '博赌', 'gamble']) {
      expect(automaton.find(innocent), innocent).toEqual([]);
    }
  });

  it('finds full-width and upper-case Latin words, and words ending inside a longer word', () => {
    const latin = new WordAutomaton(['vpn', '赌博网站', '博网']);
    expect(latin.find('ＶＰＮ 代理').map((f) => f.word)).toEqual([0]);
    expect(latin.find('V.P.N').map((f) => f.word)).toEqual([0]);
    // The classic miss: `博网` ends inside the path of `赌博网站`.
    expect(latin.find('赌博网页').map((f) => f.word)).toEqual([2]);
    expect(
      latin
        .find('赌博网站')
        .map((f) => f.word)
        .sort(),
    ).toEqual([1, 2]);
  });

  // A hostile review's leftover: Latin words written with look-alike letters of other alphabets.
  it('reads look-alike letters of other alphabets as the Latin ones, and leaves CJK, digits and other words alone', () => {
    const latin = new WordAutomaton(['casino', 'vpn']);
    for (const form of ['саsinо', 'cäsïnö', 'ᴄᴀsɪɴᴏ', 'ｃａｓｉｎｏ', 'CASİNO']) {
      const text = `周末去${form}玩`;
      const found = latin.find(text);
      expect(
        found.map((f) => f.word),
        form,
      ).toEqual([0]);
      expect(text.slice(found[0].from, found[0].to), form).toBe(form);
    }
    expect(latin.find('翻墻用ⅴрո').map((f) => f.word)).toEqual([1]);
    // CJK characters keep their shape (the table would read 山 as W and 乙 as Z), ASCII digits stay digits.
    expect(foldForMatch('山乙ナロ〇 100').text).toBe('山乙ナロ〇100');
    expect(new WordAutomaton(['w', 'z', 'loo']).find('山乙ナ 100')).toEqual([]);
    expect(latin.find('привет, казино')).toEqual([]);
  });

  // A review of the first version, which read every letter of another alphabet as Latin.
  it("reads look-alikes as Latin only in a run of letters that holds a Latin one; other alphabets' words and digits keep theirs", () => {
    // A Cyrillic word stays Cyrillic: it matches Cyrillic text, not English.
    const cyrillic = new WordAutomaton(['ав']);
    expect(cyrillic.find('About 我的 table 创意')).toEqual([]);
    expect(cyrillic.find('слово ав тут').map((f) => f.word)).toEqual([0]);
    expect(new WordAutomaton(['av']).find('希腊字母 αν')).toEqual([]);
    expect(foldForMatch('Привет мир').text).toBe('приветмир');
    // Digits of other scripts stay digits, and a Cyrillic letter beside digits stays a letter.
    expect(foldForMatch('٠١٢٣٤٥ ০১২৩৪ ๒๓').text).toBe('٠١٢٣٤٥০১২৩৪๒๓');
    expect(new WordAutomaton(['64']).find('б4')).toEqual([]);
    expect(foldForMatch('room ١٥٧').text).toBe('room١٥٧');
    // Dropped characters do not end a run; a Chinese character does.
    expect(new WordAutomaton(['casino']).find('с.а.s.i.n.о').map((f) => f.word)).toEqual([0]);
    expect(foldForMatch('саsinо赌саsinо').text).toBe('casino赌casino');
    expect(foldForMatch('sа赌са').text).toBe('sa赌са');
  });

  it('reports every occurrence, overlapping ones included, with rare four-byte characters around', () => {
    const automaton2 = new WordAutomaton(['𠀀赌', '赌博', '博']);
    const found = automaton2.find('𠀀赌博𠀀赌博');
    expect(found.map((f) => [f.word, f.from, f.to])).toEqual([
      [0, 0, 3],
      [1, 2, 4],
      [2, 3, 4],
      [0, 4, 7],
      [1, 6, 8],
      [2, 7, 8],
    ]);
  });

  it('folds case, width, script and invisible characters, keeping positions', () => {
    const folded = foldForMatch('Ａ\u200b賭-b');
    expect(folded.text).toBe('a赌b');
    expect(folded.start).toEqual([0, 2, 4]);
    expect(folded.end).toEqual([1, 3, 5]);
  });
});
