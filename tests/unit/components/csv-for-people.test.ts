import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCsv, peopleLabels, toPeopleCsv } from '../../../src/components/resource/import-export/csv-for-people';
import { messages as zh } from '../../../src/locales/zh/messages.po';
import { bookScreen } from '../../../src/resources/book/resource';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

// The raw export of two books, as src/server/crud/csv.ts writes it.
const RAW =
  '\ufeffid,title,categoryId,categoryName,subclassId,subclassName,stock,status,createdAt\r\n' +
  '1,"Dune, Part One",3,Fiction,,,4,on_shelf,2026-11-01T08:00:00.000Z\r\n' +
  '2,"Say ""hi""",3,Fiction,7,Space,0,off_shelf,2026-11-02T08:00:00.000Z\r\n';

describe('CSV for people', () => {
  it('parses RFC 4180 (quotes, commas, doubled quotes, empty cells)', () => {
    const rows = parseCsv(RAW);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toEqual([
      '1',
      'Dune, Part One',
      '3',
      'Fiction',
      '',
      '',
      '4',
      'on_shelf',
      '2026-11-01T08:00:00.000Z',
    ]);
    expect(rows[2]?.[1]).toBe('Say "hi"');
  });

  it('writes headers and enum values in the console language, leaving the rest alone', () => {
    i18n.loadAndActivate({ locale: 'zh', messages: zh });
    const out = toPeopleCsv(RAW, peopleLabels(bookScreen, i18n));
    expect(out.startsWith('\ufeff')).toBe(true);
    const [header, first, second] = parseCsv(out);
    expect(header).toEqual(['编号', '标题', '分类 (编号)', '分类', '子类 (编号)', '子类', '库存', '状态', '创建时间']);
    expect(first).toEqual(['1', 'Dune, Part One', '3', 'Fiction', '', '', '4', '已上架', '2026-11-01T08:00:00.000Z']);
    expect(second?.[7]).toBe('已下架');
    expect(second?.[1]).toBe('Say "hi"');
  });
});
