import type { GoalKind, GoalOwnerKind } from '../../../shared/goals.js';
import type { GoalDetail, GoalSummary } from './goal.types.js';

/** What a caller may fix in a new goal's form (a growth goal of a plan: kind GROWTH, its owner and competency). */
export type GoalFormDefaults = {
  owner_kind?: GoalOwnerKind; owner_user_id?: string; owner_team_id?: string; kind?: GoalKind; competency_id?: string; parent_id?: string;
  /** Fields the caller fixes: shown, not editable. */
  locked?: Array<'owner' | 'kind' | 'competency' | 'parent'>;
};

export type GoalFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this goal; absent: a new one. */
  goal?: GoalSummary | GoalDetail;
  defaults?: GoalFormDefaults;
  onSaved?: (goal: GoalSummary) => void;
};

/** Create or edit a goal with its key results (built by the goals screens; stub until then). */
export function GoalFormDialog(_props: GoalFormDialogProps) {
  return null;
}
