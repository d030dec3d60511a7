export { termsOf, type Term } from './terms';
export { scoreRecall, unreachedBy, matchedByNone, RECALL_LIMIT, type RecallCandidate, type RecallHit, type RecallMatch } from './scoreRecall';
