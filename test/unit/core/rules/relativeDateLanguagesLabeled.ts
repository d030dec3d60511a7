/**
 * Lines as memory folders in Hebrew and Chinese hold them, each labeled with the relative dates a
 * person would agree point at one day (the exact words the finding must cover), none for the hard
 * negatives: names, labels, habits, durations, idioms, quotes, periods something is deleted after, tests
 * put to a design, and lines that already carry their date. Japanese and Korean lines with the
 * characters Chinese uses check that those languages gain no new finding.
 */
export interface LabeledDateLine {
  readonly language: 'he' | 'zh' | 'ja' | 'ko' | 'en';
  readonly text: string;
  /** The words of each relative date, in order. */
  readonly dates: readonly string[];
}

const he = (text: string, ...dates: string[]): LabeledDateLine => ({ language: 'he', text, dates });
const zh = (text: string, ...dates: string[]): LabeledDateLine => ({ language: 'zh', text, dates });
const ja = (text: string, ...dates: string[]): LabeledDateLine => ({ language: 'ja', text, dates });
const ko = (text: string, ...dates: string[]): LabeledDateLine => ({ language: 'ko', text, dates });
const en = (text: string, ...dates: string[]): LabeledDateLine => ({ language: 'en', text, dates });

export const DATE_LINES_LABELED: readonly LabeledDateLine[] = [
  // Hebrew: dates, with the letters glued before them.
  he('היום סיימנו את המיגרציה של מסד הנתונים.', 'היום'),
  he('- אתמול עלה באג בתהליך ההתחברות, תוקן בערב.', 'אתמול'),
  he('ומחר נבדוק את זה שוב מול השרת.', 'ומחר'),
  he('הלקוח אמר שאתמול הכול עבד.', 'שאתמול'),
  he('מהיום כל הבקשות עוברות דרך ה-API החדש.', 'מהיום'),
  he('שלשום שלחנו את ההצעה ללקוח.', 'שלשום'),
  he('מחרתיים פגישה עם הספק בשעה 10:00.', 'מחרתיים'),
  he('הערב צריך להעלות את הגרסה.', 'הערב'),
  he('הלילה רץ גיבוי מלא לשרת.', 'הלילה'),
  he('הבוקר המשתמש ביקש לשנות את הצבעים.', 'הבוקר'),
  he('השבוע אנחנו עוברים ל-Postgres 16.', 'השבוע'),
  he('בשבוע הבא נעבור ל-Postgres 16.', 'בשבוע הבא'),
  he('בשבוע שעבר החלפנו את ספק התשלומים.', 'בשבוע שעבר'),
  he('מהשבוע הבא הדיפלוי ידני.', 'מהשבוע הבא'),
  he('החודש סוגרים את הפרויקט.', 'החודש'),
  he('בחודש שעבר עברנו ל-Vite.', 'בחודש שעבר'),
  he('בחודש הבא מתחיל הסמסטר.', 'בחודש הבא'),
  he('השנה נעבור לענן.', 'השנה'),
  he('בשנה שעברה ההכנסות ירדו.', 'בשנה שעברה'),
  he('בשנה הבאה נגייס עוד שני מפתחים.', 'בשנה הבאה'),
  he('לפני 3 ימים הלקוח ביטל את ההזמנה.', 'לפני 3 ימים'),
  he('לפני שלושה שבועות עדכנו את התלויות.', 'לפני שלושה שבועות'),
  he('בעוד שבועיים יוצאת גרסה 2.0.', 'בעוד שבועיים'),
  he('בעוד חודש נבדוק שוב את הביצועים.', 'בעוד חודש'),
  he('לפני שנה עברנו מ-MySQL.', 'לפני שנה'),
  he('השרת נפל אתמול והיום הוא חזר לעבוד.', 'אתמול', 'והיום'),
  he('\u200Fהיום\u200F עדכנתי את ה-README.', 'היום'),
  he('צריך לסיים עד מחר בצהריים.', 'מחר'),
  he('הדו"ח נשלח אתמול לצה"ל.', 'אתמול'),
  he('נכון להיום, הפרויקט בשלב בטא.', 'להיום'),
  // Hebrew: not dates.
  he('המחרוזת ריקה כשהשדה חסר.'),
  he('למחרת הכול חזר לעבוד.'),
  he('ארוחת הבוקר בשמונה.'),
  he('סדר היום של הישיבה נשלח במייל.'),
  he('כל היום עבדנו על זה.'),
  he('במשך שבוע בדקנו את המערכת.'),
  he('כל יום בודקים את הלוגים.'),
  he('הבוט מציג את המשימות של היום בכל בוקר.'),
  he('בעוד עשר שנים זה עדיין יחזיק?'),
  he('המשתמשים יימחקו בעוד 30 ימים אוטומטית.'),
  he('לשונית היום מציגה את המשימות.'),
  he('כפתור "היום" בתצוגת היומן.'),
  he("הפונקציה `getDate('היום')` מחזירה תאריך."),
  he('היום (2026-03-05) סיימנו את המיגרציה.'),
  he('5 במרץ 2026: אתמול עלה באג.'),
  he('עד היום לא מצאנו פתרון.'),
  he('ראש השנה חל בספטמבר.'),
  he('הלילה של ההשקה היה ארוך.'),
  he('משנה את התצורה לפי הסביבה.'),
  he('כאילו אין מחר.'),
  he('שבוע עבודה הוא חמישה ימים.'),
  he('בסוף היום זו החלטה של המוצר.'),
  he('היומן נשמר בתיקייה.'),
  he('מחר טוב יותר מתחיל כאן.'),
  he('10,000 ש"ח לשנה, 900 לחודש.'),
  he('פגישת הצוות השבועית ביום שני.'),

  // Chinese, simplified and traditional: dates.
  zh('昨天我们把数据库迁移完了。', '昨天'),
  zh('下周升级到 Postgres 16。', '下周'),
  zh('今天修复了登录的问题。', '今天'),
  zh('明天和客户开会。', '明天'),
  zh('前天上线了新版本。', '前天'),
  zh('后天要交报告。', '后天'),
  zh('後天要交報告。', '後天'),
  zh('上週完成了遷移。', '上週'),
  zh('這週要把測試補齊。', '這週'),
  zh('本周五发布 2.0。', '本周五'),
  zh('上个月换了支付服务商。', '上个月'),
  zh('下個月開始新的專案。', '下個月'),
  zh('这个月的目标是完成重构。', '这个月'),
  zh('明年准备迁移到云端。', '明年'),
  zh('我们3天前回滚了这个改动。', '3天前'),
  zh('两周后再评估一次性能。', '两周后'),
  zh('3个月前开始用 Vite。', '3个月前'),
  zh('一年后再看这个方案。', '一年后'),
  zh('上星期和设计师对过稿。', '上星期'),
  zh('下个礼拜二去见客户。', '下个礼拜二'),
  zh('这个周末要值班。', '这个周末'),
  zh('今晚部署，明早检查日志。', '今晚', '明早'),
  zh('他说明天发布。', '明天'),
  // Chinese: not dates.
  zh('每天检查一次日志。'),
  zh('每周一开周会。'),
  zh('一周内完成即可。'),
  zh('10年后还成立吗？'),
  zh('注册3天后自动删除账号。'),
  zh('之前天气很好，所以没有问题。'),
  zh('以上周期内的数据都会保留。'),
  zh('聪明年轻的团队。'),
  zh('看一下周报再决定。'),
  zh('首页显示今天的任务。'),
  zh('今天视图展示待办事项。'),
  zh('点击「今天」按钮。'),
  zh('明天会更好。'),
  zh('2026年3月5日：昨天修复了这个问题。'),
  zh('3月5号 明天开会。'),
  zh('`yesterday()` 返回前一天的日期。'),
  zh('上周一起吃了饭。', '上周'),
  zh('月份和年龄字段都是必填的。'),
  zh('上月份的报表'),
  zh('这周期内的指标不变。'),
  zh('日本周边的服务器延迟较高。'),
  zh('读了《昨天的故事》这本书。'),
  zh('第3天后开始收费。'),
  zh('我们在3天后发布。', '3天后'),

  // Japanese and Korean: what Chinese also writes, and the generic tests, stay as they were.
  ja('明日香さんに連絡する。'),
  ja('前天候型のテストを追加した。'),
  ja('後天的な要因も考える。'),
  ja('今週の金曜日にリリースする。', '今週の金曜日'),
  ja('10年後もこれは成立するか？'),
  ja('上下月の比較グラフを表示する画面。'),
  ja('一週間で収束した。'),
  ko('10년 후에도 이게 유효할까?'),
  ko('어제 배포했다.', '어제'),

  // English headings in capitals, and dates of other languages inside English notes.
  en('TOMORROW MORNING: call the vendor', 'TOMORROW'),
  en('## THIS WEEK', 'THIS WEEK'),
  en('- Migrated the DB yesterday; Dana wrote "ייפתח מחר" in the ticket.', 'yesterday'),
  en('- Note from the Tel Aviv team: השבוע מעבירים את השרתים.', 'השבוע'),
  en('- Beijing office: 下周 freeze starts.', '下周'),
];
