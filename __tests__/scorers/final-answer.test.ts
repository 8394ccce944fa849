import { describe, expect, it } from 'vitest';
import { finalAnswerScorer, isNumberText, normalizeAnswer, scoreFinalAnswer, stripEndPunctuation } from '../../src/core/scorers/final-answer.js';
import { makeCase, makeTrace } from './trace-helper.js';

const check = (expected: string, answer: string) => scoreFinalAnswer(makeCase({ expected }), makeTrace([], answer));

describe('final_answer', () => {
  it('applies when expected is set', () => {
    expect(finalAnswerScorer.appliesTo(makeCase({ expected: 'x' }))).toBe(true);
    expect(finalAnswerScorer.appliesTo(makeCase())).toBe(false);
  });

  it('normalizes case, whitespace and end punctuation', () => {
    expect(check('Paris.', 'The capital of France is\n  PARIS!')).toMatchObject({ passed: true, score: 1, reason: 'final answer contains "paris"' });
    expect(check('new   york', 'I went to New\tYork last week')).toMatchObject({ passed: true });
    expect(check('"Sunny"', 'It will be sunny tomorrow')).toMatchObject({ passed: true });
  });

  it('compares numbers by value', () => {
    expect(check('1250', 'The total is $1,250.00.')).toMatchObject({ passed: true });
    expect(check('1,250.00', 'The total is 1250')).toMatchObject({ passed: true });
    expect(check('3.50', 'about 3.5 km')).toMatchObject({ passed: true });
    expect(normalizeAnswer('Total: 1,250.00 USD, 3.50, 007, 1,2345')).toBe('total: 1250 usd, 3.5, 7, 1,2345');
  });

  it('matches a version as a version (issue 23 item 7): a v prefix or build metadata meets it, a pre-release or a longer version does not', () => {
    expect(check('1.1.0', 'Upgraded to v1.1.0.')).toMatchObject({ passed: true, reason: 'final answer contains version 1.1.0' });
    expect(check('v1.1.0', 'Now on 1.1.0')).toMatchObject({ passed: true });
    expect(check('1.1.0', 'Built 1.1.0+build.5 today')).toMatchObject({ passed: true });
    expect(check('1.1.0', 'The latest is 1.1.0-beta.2.')).toMatchObject({ passed: false, reason: expect.stringContaining('versions in the answer: 1.1.0-beta.2') });
    expect(check('1.1.0', 'The latest is 1.1.0.1')).toMatchObject({ passed: false });
    expect(check('1.1.0', 'The latest is 11.1.0')).toMatchObject({ passed: false });
    expect(check('1.1.0', 'The latest is v1.1.0-rc.1, the stable one 1.0.9')).toMatchObject({ passed: false });
    expect(check('2.0.0-rc.1', 'Release candidate v2.0.0-RC.1 is out')).toMatchObject({ passed: true });
    expect(check('2.0.0-rc.1', 'Release 2.0.0 is out')).toMatchObject({ passed: false });
    expect(check('v2.3', 'running v2.3 since May')).toMatchObject({ passed: true });
    expect(check('v2.3', 'running v2.3.1')).toMatchObject({ passed: false });
  });

  it('finds a version beside the words of scripts written without spaces (and Hangul particles), not inside a Latin token', () => {
    expect(check('1.1.0', '已升级到版本1.1.0。')).toMatchObject({ passed: true });
    expect(check('1.1.0', 'サーバー1.1.0に更新しました')).toMatchObject({ passed: true });
    expect(check('1.1.0', '1.1.0으로 업데이트했습니다')).toMatchObject({ passed: true });
    expect(check('1.1.0', 'อัปเดตเป็นเวอร์ชัน1.1.0แล้ว')).toMatchObject({ passed: true });
    expect(check('1.1.0', '最新版是1.1.0-beta.2')).toMatchObject({ passed: false });
    expect(check('1.1.0', 'build x1.1.0')).toMatchObject({ passed: false });
    expect(check('1.1.0', 'Version 1.1.0x')).toMatchObject({ passed: false });
    expect(check('1.1.0', 'é1.1.0')).toMatchObject({ passed: false });
  });

  it('keeps versions, dates, ids and codes literal: numbers are normalized only when expected is a number', () => {
    expect(check('1.1.0', 'Upgraded to version 1.10.0.')).toMatchObject({ passed: false });
    expect(check('1.10.0', 'Upgraded to version 1.1.0.')).toMatchObject({ passed: false });
    expect(check('1.1.0', 'Upgraded to version 1.1.0.')).toMatchObject({ passed: true });
    expect(check('2026-07-01', 'Due on 2026-7-1.')).toMatchObject({ passed: false });
    expect(check('INV-007', 'Invoice INV-7 was sent')).toMatchObject({ passed: false });
    expect(check('INV-007', 'Invoice INV-007 was sent')).toMatchObject({ passed: true });
    expect(check('ERR 0042', 'failed with ERR 42')).toMatchObject({ passed: false });
    expect(check('192.168.0.1', 'the host is 192.168.00.1')).toMatchObject({ passed: false });
    // A number stays a number, with a sign, a currency or a unit.
    expect(check('$1,250.00', 'The total is $1250.')).toMatchObject({ passed: true });
    expect(check('14 °C', 'It is 14.0 °C in Berlin.')).toMatchObject({ passed: true });
    expect(check('3.50 km', 'about 3.5 km')).toMatchObject({ passed: true });
    expect(check('1.1', 'version 1.10.0')).toMatchObject({ passed: false });
    expect(isNumberText('1.1.0')).toBe(false);
    expect(isNumberText('2026-07-01')).toBe(false);
    expect(isNumberText('-3.5%')).toBe(true);
    expect(isNumberText('Total: 1,250 USD')).toBe(true);
    expect(isNumberText('INV-1005')).toBe(false);
    expect(isNumberText('12:30')).toBe(false);
    expect(normalizeAnswer('v1.10.0 costs 1,250.00', false)).toBe('v1.10.0 costs 1,250.00');
  });

  it('needs word and number boundaries', () => {
    expect(check('12', 'The total is 1250')).toMatchObject({ passed: false, score: 0 });
    expect(check('paris', 'a comparison')).toMatchObject({ passed: false });
    expect(check('3', 'about 3.5 km')).toMatchObject({ passed: false });
    expect(check('5', 'about 3.5 km')).toMatchObject({ passed: false });
    expect(check('3', 'there are 3.')).toMatchObject({ passed: true });
  });

  it('fails on a missing or empty answer; abstains on an empty expected', () => {
    expect(check('Paris', 'London')).toMatchObject({ passed: false, score: 0, reason: 'final answer does not contain "paris": "london"' });
    expect(check('Paris', '')).toMatchObject({ passed: false, score: 0, reason: 'no final answer; expected it to contain "paris"' });
    expect(check('...', 'anything')).toMatchObject({ passed: null });
    expect(stripEndPunctuation('¿«Paris»?')).toBe('Paris');
  });
});
