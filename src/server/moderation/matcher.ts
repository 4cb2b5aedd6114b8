/**
 * Word matching that sees through disguises. A text is folded before matching: each
 * character as every comparison sees it (`foldCharacter` in search/text.ts: Unicode NFKC, lower case,
 * traditional → simplified Chinese), and whatever is not a letter or a digit is dropped
 * (spaces, punctuation, symbols, emoji, zero-width and other invisible characters, and letters that
 * read as a separator: READS_AS_SEPARATOR), so `赌.博`, `赌*博`, `赌\u200b博`, `赌🎲博` and `賭博` all read
 * `赌博`. In a run of letters mixing Latin with look-alikes from other alphabets, those read as the
 * Latin letters (`confusables`; see foldForMatch). Characters are never dropped between two letters
 * of another script or other Chinese characters, so `赌场里的博物馆` stays innocent.
 *
 * Every word is then found in one pass over the folded text by an Aho–Corasick automaton, so 10,000
 * words cost about what 29 do. (mint-filter, the library the issue names, misses a word that ends
 * inside the path of a longer one: with `赌博网站` and `博网` listed it finds nothing in `赌博网页`.)
 */
import { remove as toLatinLookalikes } from 'confusables';
import { foldCharacter } from '../search/text.ts';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/**
 * Letters that read as nothing or as a mark between words, dropped like punctuation (a hostile review
 * published `赌\u3164博` and `赌ー博`): invisible ones (Unicode's default-ignorable code points, the
 * Hangul fillers among them), modifier letters (ー ｰ 々 ː) and a few other letters drawn as a dot or
 * a sign (〆 ㆍ ꞏ).
 */
const READS_AS_SEPARATOR = /[\p{Default_Ignorable_Code_Point}\p{Lm}\u3006\u318d\u119e\ua78f]/u;

/** CJK characters: never read as Latin (the look-alike table would read 山 as W, 乙 as Z, ナ as t), and they end a run of letters. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\p{Script=Hangul}]/u;
const LATIN_LETTER = /[a-z]/;
/** A folded character the look-alike table may read as Latin: one letter, neither ASCII nor CJK (digits stay digits). */
const MAY_READ_AS_LATIN = /^\p{L}$/u;

/** One character as matching sees it ('' when it is dropped); characters repeat, so each is folded once. */
const foldedChars = new Map<string, string>();
const FOLDED_CHARS_MAX = 50_000;

function foldChar(ch: string): string {
  let folded = foldedChars.get(ch);
  if (folded === undefined) {
    folded = '';
    for (const c of foldCharacter(ch)) if (LETTER_OR_DIGIT.test(c) && !READS_AS_SEPARATOR.test(c)) folded += c;
    if (foldedChars.size >= FOLDED_CHARS_MAX) foldedChars.clear();
    foldedChars.set(ch, folded);
  }
  return folded;
}

/** The Latin letters a folded letter of another alphabet looks like, or the letter itself when it looks like none. */
const latinReadings = new Map<string, string>();
function latinReading(folded: string): string {
  let latin = latinReadings.get(folded);
  if (latin === undefined) {
    const read = MAY_READ_AS_LATIN.test(folded) && folded.charCodeAt(0) > 0x7f && !CJK.test(folded) ? toLatinLookalikes(folded).toLowerCase() : folded;
    latin = /^[a-z]+$/.test(read) ? read : folded;
    if (latinReadings.size >= FOLDED_CHARS_MAX) latinReadings.clear();
    latinReadings.set(folded, latin);
  }
  return latin;
}

export interface FoldedText {
  /** The text as matching sees it. */
  text: string;
  /** For each UTF-16 unit of `text`, where its character starts and ends in the original. */
  start: number[];
  end: number[];
}

/**
 * Folds a text for matching. Look-alikes of Latin letters are read as Latin only within a run of
 * letters that holds a Latin one (dropped characters do not end a run, CJK characters do), as in
 * Unicode's mixed-script checks (UTS #39): `саsinо` reads `casino`, while a word or a text wholly in
 * Cyrillic or Greek keeps its own letters (a review found the Cyrillic word `ав` matching "About").
 */
export function foldForMatch(original: string): FoldedText {
  const chars: string[] = [];
  const folds: string[] = [];
  for (const ch of original) {
    chars.push(ch);
    folds.push(foldChar(ch));
  }
  let runStart = 0;
  let runHasLatin = false;
  const endRun = (runEnd: number) => {
    if (runHasLatin) for (let i = runStart; i < runEnd; i++) if (folds[i]) folds[i] = latinReading(folds[i]);
    runStart = runEnd + 1;
    runHasLatin = false;
  };
  for (let i = 0; i < folds.length; i++) {
    if (!folds[i]) continue;
    if (CJK.test(folds[i])) endRun(i);
    else if (LATIN_LETTER.test(folds[i])) runHasLatin = true;
  }
  endRun(folds.length);

  let text = '';
  const start: number[] = [];
  const end: number[] = [];
  let at = 0;
  for (let k = 0; k < chars.length; k++) {
    const folded = folds[k];
    for (let i = 0; i < folded.length; i++) {
      start.push(at);
      end.push(at + chars[k].length);
    }
    text += folded;
    at += chars[k].length;
  }
  return { text, start, end };
}

/** A word's place in the original text: `original.slice(from, to)` is what matched. */
export interface Found {
  /** Index of the word in the list the automaton was built from. */
  word: number;
  from: number;
  to: number;
}

/** Aho–Corasick over UTF-16 units of folded words. */
export class WordAutomaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  /** Words ending at each state, those of its failure chain included (merged when built). */
  private readonly ends: number[][] = [[]];
  private readonly lengths: number[] = [];

  /** `words` are folded here; a word that folds to nothing is never found. */
  constructor(words: readonly string[], alreadyFolded = false) {
    words.forEach((raw, index) => {
      const word = alreadyFolded ? raw : foldForMatch(raw).text;
      this.lengths.push(word.length);
      if (!word) return;
      let state = 0;
      for (let i = 0; i < word.length; i++) {
        const unit = word.charCodeAt(i);
        let to = this.next[state].get(unit);
        if (to === undefined) {
          to = this.next.length;
          this.next.push(new Map());
          this.fail.push(0);
          this.ends.push([]);
          this.next[state].set(unit, to);
        }
        state = to;
      }
      this.ends[state].push(index);
    });
    // Breadth first, so a state's failure target is complete before the state itself.
    const queue = [...this.next[0].values()];
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head];
      for (const [unit, to] of this.next[state]) {
        let f = this.fail[state];
        while (f !== 0 && !this.next[f].has(unit)) f = this.fail[f];
        const target = this.next[f].get(unit);
        this.fail[to] = target !== undefined && target !== to ? target : 0;
        if (this.ends[this.fail[to]].length) this.ends[to] = [...this.ends[to], ...this.ends[this.fail[to]]];
        queue.push(to);
      }
    }
  }

  /** Words folded already (as `foldForMatch(word).text` gives them, e.g. stored with the word). */
  static fromFolded(folded: readonly string[]): WordAutomaton {
    return new WordAutomaton(folded, true);
  }

  /** Every occurrence of every word, in the original text's positions. */
  find(original: string): Found[] {
    const folded = foldForMatch(original);
    const found: Found[] = [];
    let state = 0;
    for (let i = 0; i < folded.text.length; i++) {
      const unit = folded.text.charCodeAt(i);
      while (state !== 0 && !this.next[state].has(unit)) state = this.fail[state];
      state = this.next[state].get(unit) ?? 0;
      for (const word of this.ends[state]) found.push({ word, from: folded.start[i - this.lengths[word] + 1], to: folded.end[i] });
    }
    return found;
  }
}
