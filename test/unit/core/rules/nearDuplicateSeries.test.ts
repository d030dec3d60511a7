import * as assert from 'node:assert/strict';
import { isSeries } from '../../../../src/core/rules/nearDuplicate/series';

describe('near-duplicate: dated series', () => {
  it('takes memories named for different periods of one subject as a series', () => {
    assert.ok(isSeries('project_status_2026-10.md', 'project_status_2026-11.md'));
    assert.ok(isSeries('weekly_2026-W44.md', 'weekly_2026-W45.md'));
    assert.ok(isSeries('notes/standup-20261103.md', 'notes/standup-20261104.md'));
    assert.ok(isSeries('project_okr-2025.md', 'project_okr-2026.md'));
    assert.ok(isSeries('project_status_2026-10-31.md', 'project_status_2026-11-30.md'));
    // A day without its year, as dated status notes are often named.
    assert.ok(isSeries('project_status-03-01.md', 'project_status-03-08.md'));
    assert.ok(isSeries('session_03-21.md', 'session_03-28.md'));
    // A numbered unit of a recurring kind, and a month by name.
    assert.ok(isSeries('project_sprint-41.md', 'project_sprint-42.md'));
    assert.ok(isSeries('project_release-2-13.md', 'project_release-2-14.md'));
    assert.ok(isSeries('project_weekly-1103.md', 'project_weekly-1110.md'));
    assert.ok(isSeries('milestone-1-state.md', 'milestone-2-state.md'));
    assert.ok(isSeries('project_ops-check-oct.md', 'project_ops-check-nov.md'));
    // Handoff notes named for a day and the part of it they were written in.
    assert.ok(isSeries('project_status_2026_05_02_evening.md', 'project_status_2026_05_03_dawn.md'));
    assert.ok(isSeries('project_status_2026-05-04_evening_handoff.md', 'project_status_2026-05-05_morning.md'));
    assert.ok(isSeries('status_2026-05-04_morning.md', 'status_2026-05-04_evening.md'));
  });

  it('does not take a dated copy of an undated memory, another subject or the same period for a series', () => {
    assert.ok(!isSeries('project_grant-report.md', 'project_grant-report-2026.md'));
    assert.ok(!isSeries('project_api-migration.md', 'project_api-migration-v2.md'));
    assert.ok(!isSeries('project_status_2026-10.md', 'project_roadmap_2026-11.md'));
    assert.ok(!isSeries('ko/status_2026-10.md', 'ja/status_2026-10.md'));
    assert.ok(!isSeries('feedback_testing.md', 'feedback_testing-db.md'));
    // Four digits that are no month and day are a number, not a date.
    assert.ok(!isSeries('project_ticket-1299.md', 'project_ticket-1399.md'));
    assert.ok(!isSeries('reference_fact_1119.md', 'reference_fact_1231.md'));
    // Versions of one memory are one fact kept twice; a month's letters inside a word are no month.
    assert.ok(!isSeries('project_spec-v1.md', 'project_spec-v2.md'));
    assert.ok(!isSeries('feedback_fact_1.md', 'feedback_fact_2.md'));
    assert.ok(!isSeries('project_market-notes.md', 'project_decor-notes.md'));
    assert.ok(!isSeries('project_sprint-41.md', 'project_sprint-41.md'));
    // Topics after a date are no part of the day.
    assert.ok(!isSeries('project_status_2026-05-04_pricing.md', 'project_status_2026-05-05_auth.md'));
    assert.ok(!isSeries('project_2026-05-04_morning-routine.md', 'project_2026-05-04_evening-routine.md'));
  });
});
