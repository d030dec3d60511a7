import * as chrono from 'chrono-node';

type Parser = { parse(text: string, reference: Date): chrono.ParsedResult[] };
type ChronoParser = chrono.Parser & { innerPattern?: (context: unknown) => RegExp };

/**
 * chrono-node's English casual parser as the relative-date rule uses it, without the cost of its first
 * use. chrono's "N units ago" and "N units later" parsers share one pattern of every number word, unit
 * abbreviation and repetition ("2 days, 3 hours and ..."): V8 spends 50-60 ms compiling each of the two
 * to machine code, the first time a memory says "two days ago" and again on the next, which held the
 * extension host's thread well past 50 ms. The rule hands chrono only its own candidate words (see
 * EN_CANDIDATE), whose "ago" and "from now" forms are one count, one unit and the suffix ("the day
 * after tomorrow" too): a pattern of those alone reads them, through chrono's own date arithmetic and
 * its refiners, to the same result. A unit test
 * reads every candidate form with both parsers on dates around month, leap-day and year ends.
 *
 * Words spaced otherwise (two spaces, a line break) go to chrono's own parser, which tolerates some
 * and not others; they are rare enough that compiling it then costs nothing a user feels.
 */
export function englishParser(): Parser {
  return (englishParserOnce ??= buildEnglishParser());
}

let englishParserOnce: Parser | undefined;

function buildEnglishParser(): Parser {
  const casual = chrono.en.casual;
  const parsers = casual.parsers as ChronoParser[];
  const kept = parsers.filter((parser) => !isCountedUnitParser(parser));
  // Another chrono version may build its parsers otherwise: then it is used as it is.
  if (kept.length !== parsers.length - 2) return casual;
  const quick = new chrono.Chrono({ parsers: [...kept, countedUnitParser], refiners: casual.refiners });
  return { parse: (text, reference) => (SINGLE_SPACED.test(text) ? quick : casual).parse(text, reference) };
}

const SINGLE_SPACED = /^\S+(?: \S+)*$/;

/** chrono's "N units ago|before|earlier" and "N units later|after|from now|..." parsers, told by their patterns (reading a pattern's source does not compile it). */
function isCountedUnitParser(parser: ChronoParser): boolean {
  let source = '';
  try {
    source = parser.innerPattern?.({ option: {} }).source ?? '';
  } catch {
    // A parser whose pattern needs more of a parsing context is not one of them.
  }
  return source.endsWith('\\s{0,5}(?:ago|before|earlier)(?=\\W|$)') || source.includes('\\s{0,5}(?:later|after|from now|henceforth|forward|out)');
}

/** chrono's readings of the counts EN_CANDIDATE admits (its parseNumberPattern). */
const COUNTS: Readonly<Record<string, number>> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  the: 1, few: 3, 'a few': 3, couple: 2, 'a couple': 2, 'couple of': 2, 'a couple of': 2, several: 7,
};

/**
 * "two days ago", "3 weeks from now", and the "the day after" of "the day after tomorrow" (chrono merges
 * it with "tomorrow"). Like chrono's, it may start after the first word: chrono reads "a several days ago"
 * from "several", which the rule then refuses for not reading all its words.
 */
const COUNTED_UNIT = /(?<!\w)(a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\d{1,3}|a few|few|a couple of|a couple|couple of|couple|several|the) (days?|weeks?|months?|years?) (ago|from now|before|after)(?=\W|$)/i;

const countedUnitParser: chrono.Parser = {
  pattern: () => COUNTED_UNIT,
  extract: (context, match) => {
    const count = COUNTS[match[1].toLowerCase()] ?? parseFloat(match[1]);
    const unit = match[2].toLowerCase().replace(/s$/, '');
    const sign = /^(?:ago|before)$/i.test(match[3]) ? -1 : 1;
    return chrono.ParsingComponents.createRelativeFromReference(context.reference, { [unit]: sign * count });
  },
};
