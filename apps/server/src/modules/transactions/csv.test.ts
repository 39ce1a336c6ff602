import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('csvCell', () => {
  it('prefixes what a spreadsheet would run as a formula', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+cmd|/C calc!A0')).toBe("'+cmd|/C calc!A0");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leaves plain numbers and ordinary text alone', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell('12.50')).toBe('12.50');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('round-1=2')).toBe('round-1=2');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes cells with commas, quotes, line breaks or edge spaces', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('ends rows with CRLF', () => {
    expect(csvRow(['a', '-1.00', '=x', null])).toBe("a,-1.00,'=x,\r\n");
  });
});
