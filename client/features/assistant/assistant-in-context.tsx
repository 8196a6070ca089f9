import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AssistantScope, AssistantSource } from '../../../shared/assistant.js';
import { isDisabledPath } from '../../components/navigation.js';
import { disabledAreasOf, featureAreasQueryOptions } from '../feature-areas/api.js';
import { AssistantPanel } from './assistant-panel.js';
import { assistantStatusQueryOptions } from './assistant.api.js';

/**
 * The assistant where the work happens (docs/decisions/0066): the same panel, collapsed under the
 * question the screen asks, and nothing at all when the assistant or the source it needs is off. The
 * panel is made on first opening, so a screen costs no question until someone asks one.
 */
type Props = {
  summary: string;
  question: string;
  scope: AssistantScope;
  intro?: string;
  /** The source it needs (none: any the assistant may read). */
  source?: AssistantSource;
  /** Shown inside, above the question (a period to choose); a new question starts when `panelKey` changes. */
  controls?: ReactNode;
  panelKey?: string | number;
};

export function AssistantInContext({ summary, question, scope, source, intro, controls, panelKey }: Props) {
  const areas = useQuery(featureAreasQueryOptions);
  const on = areas.data !== undefined && !isDisabledPath('/admin/ai-assistant', disabledAreasOf(areas.data));
  const status = useQuery({ ...assistantStatusQueryOptions, enabled: on });
  const [opened, setOpened] = useState(false);
  if (!on || !status.data || (source ? !status.data.sources.includes(source) : status.data.sources.length === 0)) return null;
  return (
    <details
      className="ai-context"
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary>{summary}</summary>
      {controls}
      {opened && <AssistantPanel key={panelKey} title="Ask the assistant" question={question} scope={scope} intro={intro} />}
    </details>
  );
}
