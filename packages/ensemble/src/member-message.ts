/**
 * A member fitted on a worker thread as the thread sends it back (fitForest's pool, fit's own
 * threads): a dt tree as its Tree (structured clone copies its typed arrays; reviveTree gives it its
 * class back — no JSON to write, parse and validate, ≈35 ms per letter tree), any other member (a
 * Decision Stream) as its forest-file JSON, read back by memberFromJson; an error as its message.
 */
import { DecisionTreeClassifier, DecisionTreeRegressor } from '@dt/core';
import type { MemberMessage } from './fit-threads.js';
import { memberToJson, type ForestMember } from './model-format.js';

/** Fits member i of `plan` and returns the message that carries it. */
export function fitMemberMessage(plan: { fitMember(i: number): unknown; readonly draws: readonly { features: Int32Array | null }[] }, i: number): MemberMessage {
  try {
    const m = plan.fitMember(i) as ForestMember;
    if (m instanceof DecisionTreeClassifier || m instanceof DecisionTreeRegressor) {
      return { i, tree: m.tree, classes: m instanceof DecisionTreeClassifier ? m.classes : null };
    }
    return { i, member: memberToJson(m, plan.draws[i]!.features) };
  } catch (e) {
    return { i, error: (e as Error).message };
  }
}
