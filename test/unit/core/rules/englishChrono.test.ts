import * as assert from 'node:assert/strict';
import * as chrono from 'chrono-node';
import { EN_CANDIDATE } from '../../../../src/core/rules/relativeDate/chronoMentions';
import { englishParser } from '../../../../src/core/rules/relativeDate/englishChrono';

// What the relative-date rule reads of a result: where it starts, its words, and the day it names.
function reading(results: chrono.ParsedResult[]): string {
  return JSON.stringify(
    results.map((result) => [
      result.index,
      result.text,
      result.start.date().getTime(),
      (['year', 'month', 'day', 'weekday', 'hour'] as const).map((component) => [result.start.isCertain(component), result.start.get(component)]),
      result.end?.date().getTime(),
    ]),
  );
}

const WORD_COUNTS = ['a', 'an', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const VAGUE_COUNTS = ['few', 'a few', 'couple', 'couple of', 'a couple', 'a couple of', 'several', 'a several'];
const SOME_DIGITS = ['0', '00', '000', '1', '01', '2', '7', '12', '14', '31', '99', '100', '365', '999'];
const UNITS = ['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'fortnight', 'fortnights'];

/** Every form EN_CANDIDATE admits, single-spaced, with a sample of its three-digit counts. */
function candidateForms(counts: readonly string[]): string[] {
  const forms = ['the day after tomorrow', 'the day before yesterday', 'today', 'tonight', 'tomorrow', 'yesterday', 'last night'];
  for (const which of ['next', 'last', 'past', 'this']) for (const unit of ['week', 'month', 'year']) forms.push(`${which} ${unit}`);
  for (const count of counts) {
    for (const unit of UNITS) {
      forms.push(`in ${count} ${unit}`);
      for (const suffix of ['ago', 'from now', 'hence']) forms.push(`${count} ${unit} ${suffix}`);
    }
  }
  return forms;
}

const capitalized = (words: string): string => words[0].toUpperCase() + words.slice(1);

// Month ends, a leap day, a year end and a first of the month, at noon as the rule asks.
const REFERENCES = [new Date(2026, 6, 30, 12), new Date(2027, 7, 1, 12), new Date(2024, 1, 29, 12), new Date(2025, 11, 31, 12), new Date(2026, 0, 31, 12)];

describe("the relative-date rule's English chrono parser", () => {
  it("replaces chrono's own counted-unit parsers in this chrono version (otherwise the tests below compare chrono with itself)", () => {
    assert.notEqual(englishParser(), chrono.en.casual);
  });

  it('admits only words EN_CANDIDATE finds whole (the forms below are the language it hands chrono)', () => {
    for (const words of candidateForms([...WORD_COUNTS, ...VAGUE_COUNTS, ...SOME_DIGITS])) {
      const found = [...words.matchAll(new RegExp(EN_CANDIDATE.source, 'gi'))].map((match) => match[0]);
      assert.deepEqual(found, [words]);
    }
  });

  it('reads every candidate form as chrono-node reads it, in every case, from dates around month, leap-day and year ends', () => {
    const parser = englishParser();
    let compared = 0;
    for (const words of candidateForms([...WORD_COUNTS, ...VAGUE_COUNTS, ...SOME_DIGITS])) {
      for (const variant of [words, capitalized(words), words.toUpperCase()]) {
        for (const reference of REFERENCES) {
          assert.equal(reading(parser.parse(variant, reference)), reading(chrono.en.casual.parse(variant, reference)), `${variant} from ${reference.toDateString()}`);
          compared++;
        }
      }
    }
    assert.ok(compared > 15_000);
  });

  it('reads every count of up to three digits as chrono-node does', () => {
    const parser = englishParser();
    const reference = REFERENCES[0];
    for (let digits = 1; digits <= 3; digits++) {
      for (let value = 0; value < 10 ** digits; value++) {
        const count = String(value).padStart(digits, '0');
        for (const words of [`${count} days ago`, `${count} months from now`, `in ${count} weeks`]) {
          assert.equal(reading(parser.parse(words, reference)), reading(chrono.en.casual.parse(words, reference)), words);
        }
      }
    }
  });

  it('reads words spaced otherwise as chrono-node does (they go to chrono itself)', () => {
    const parser = englishParser();
    for (const words of ['two  days ago', 'two days\nago', 'two\tdays ago', 'in  3 weeks', 'a  couple of days ago', 'two       days ago', 'next\nweek']) {
      for (const reference of REFERENCES) assert.equal(reading(parser.parse(words, reference)), reading(chrono.en.casual.parse(words, reference)), JSON.stringify(words));
    }
  });

  it('finds a date in the forms it reads itself (a parser finding nothing would agree with nothing but itself)', () => {
    const reference = REFERENCES[0];
    const [twoDaysAgo] = englishParser().parse('two days ago', reference);
    assert.deepEqual([twoDaysAgo.start.get('year'), twoDaysAgo.start.get('month'), twoDaysAgo.start.get('day')], [2026, 7, 28]);
    const [monthsAhead] = englishParser().parse('3 Months from now', reference);
    assert.deepEqual([monthsAhead.start.get('year'), monthsAhead.start.get('month'), monthsAhead.start.get('day')], [2026, 10, 30]);
  });
});
