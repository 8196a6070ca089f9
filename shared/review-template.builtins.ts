import { DEFAULT_RATING_LABELS, type ReviewTemplateInput } from './review-template.schemas.js';

/**
 * Templates every organization gets (created on first use, idempotent by key). They are
 * ordinary template input, so they pass the same schema as anything an admin writes.
 */
export const BUILT_IN_TEMPLATE_KEYS = ['360_review', 'manager_review', 'upward_review', 'sprint_review'] as const;
export type BuiltInTemplateKey = (typeof BUILT_IN_TEMPLATE_KEYS)[number];

const labels = [...DEFAULT_RATING_LABELS];
const ALL = ['SELF', 'MANAGER', 'PEER', 'DIRECT_REPORT'] as const;
const OTHERS = ['MANAGER', 'PEER', 'DIRECT_REPORT'] as const;

/**
 * `self` is how the reviewee reads the question in their own self review (docs/decisions/0025):
 * every question SELF answers has one, questions SELF does not answer have none.
 */
const competency = (name: string, prompt: string, self: string, help: string, perspectives: readonly (typeof ALL)[number][] = ALL) => ({
  kind: 'COMPETENCY_RATING' as const,
  competency: name,
  prompt,
  self_prompt: self,
  help_text: help,
  options: labels,
  perspectives: [...perspectives],
  required: true,
  private: false,
});
const text = (
  prompt: string,
  perspectives: readonly (typeof ALL)[number][],
  extra: { self_prompt?: string; help_text?: string; required?: boolean; private?: boolean } = {},
) => ({
  kind: 'TEXT' as const,
  prompt,
  self_prompt: extra.self_prompt ?? null,
  perspectives: [...perspectives],
  required: extra.required ?? true,
  private: extra.private ?? false,
  help_text: extra.help_text ?? null,
});

export const BUILT_IN_TEMPLATES: Record<BuiltInTemplateKey, ReviewTemplateInput> = {
  '360_review': {
    name: '360 review',
    description: 'A rounded view from the person, their manager, peers and direct reports: core competencies, strengths and growth areas.',
    review_type: '360',
    sections: [
      {
        title: 'Competencies',
        description: 'Rate what you have seen over the review period. Give examples in the comments where you can.',
        questions: [
          competency(
            'Communication',
            'How clearly and openly does this person communicate?',
            'How clearly and openly do you communicate?',
            'Think of written and spoken updates, listening, and sharing context early.',
          ),
          competency(
            'Collaboration',
            'How well does this person work with others to reach shared goals?',
            'How well do you work with others to reach shared goals?',
            'Think of helping teammates, giving and receiving feedback, and resolving disagreements.',
          ),
          competency(
            'Technical excellence',
            "How strong is the quality of this person's technical work?",
            'How strong is the quality of your technical work?',
            'Think of design, code quality, testing, reviews and operational care.',
          ),
          competency(
            'Ownership',
            'How well does this person take responsibility for outcomes?',
            'How well do you take responsibility for outcomes?',
            'Think of following through, raising risks, and fixing problems without being asked.',
          ),
          competency(
            'Growth mindset',
            'How actively does this person learn and help others grow?',
            'How actively do you learn and help others grow?',
            'Think of seeking feedback, trying new approaches, and mentoring.',
          ),
        ],
      },
      {
        title: 'Strengths and growth',
        questions: [
          text('What should this person keep doing? Describe one or two strengths with an example.', ALL, {
            self_prompt: 'What should you keep doing? Describe one or two strengths with an example.',
          }),
          text('What is one thing this person could do differently to have more impact?', ALL, {
            self_prompt: 'What is one thing you could do differently to have more impact?',
          }),
          {
            kind: 'MULTIPLE_CHOICE',
            prompt: 'Which areas would help this person most in the next six months?',
            options: ['Technical depth', 'System design', 'Communication', 'Mentoring others', 'Planning and prioritising', 'Stakeholder management'],
            perspectives: [...OTHERS],
            required: false,
            private: false,
          },
          text('Anything the manager should know that you would not say to this person directly?', ['PEER', 'DIRECT_REPORT'], {
            required: false,
            private: true,
          }),
        ],
      },
    ],
  },
  manager_review: {
    name: 'Manager review',
    description: "The manager's assessment of a direct report, with the report's self-review alongside it.",
    review_type: '360',
    sections: [
      {
        title: 'Performance',
        questions: [
          {
            kind: 'RATING_COMMENT',
            prompt: 'Overall, how well were the goals for this period met?',
            self_prompt: 'Overall, how well did you meet your goals for this period?',
            options: labels,
            perspectives: ['SELF', 'MANAGER'],
            required: true,
            private: false,
            help_text: 'Explain the rating with the results that mattered most.',
          },
          competency(
            'Ownership',
            'How reliably are commitments delivered?',
            'How reliably do you deliver on your commitments?',
            'Consider scope, quality and timeliness.',
            ['SELF', 'MANAGER'],
          ),
          competency(
            'Technical excellence',
            'How strong is the craft shown in the work?',
            'How strong is the craft you show in your work?',
            'Consider quality, judgement and learning.',
            ['SELF', 'MANAGER'],
          ),
          text('What were the most important achievements of this period?', ['SELF', 'MANAGER'], {
            self_prompt: 'What were your most important achievements of this period?',
          }),
        ],
      },
      {
        title: 'Looking ahead',
        questions: [
          text('What are the focus areas for the next period?', ['SELF', 'MANAGER'], { self_prompt: 'What do you want to focus on in the next period?' }),
          {
            kind: 'SINGLE_CHOICE',
            prompt: 'How ready is this person for a larger scope?',
            options: ['Not yet', 'Within a year', 'Ready now'],
            perspectives: ['MANAGER'],
            required: true,
            private: true,
          },
          text('What support does this person need from their manager?', ['SELF'], {
            self_prompt: 'What support do you need from your manager?',
            required: false,
          }),
        ],
      },
    ],
  },
  upward_review: {
    name: 'Upward review',
    description: 'Direct reports review their manager. Answers are shown as aggregates only.',
    review_type: '360',
    sections: [
      {
        title: 'Leadership',
        questions: [
          {
            kind: 'RATING',
            prompt: 'My manager gives me clear goals and context for my work.',
            options: labels,
            perspectives: ['DIRECT_REPORT'],
            required: true,
            private: false,
          },
          {
            kind: 'RATING',
            prompt: 'My manager gives me regular, useful feedback.',
            options: labels,
            perspectives: ['DIRECT_REPORT'],
            required: true,
            private: false,
          },
          {
            kind: 'RATING',
            prompt: 'My manager supports my growth and career.',
            options: labels,
            perspectives: ['DIRECT_REPORT'],
            required: true,
            private: false,
          },
          {
            kind: 'RATING',
            prompt: 'My manager removes obstacles so the team can do its best work.',
            options: labels,
            perspectives: ['DIRECT_REPORT'],
            required: true,
            private: false,
          },
        ],
      },
      {
        title: 'Comments',
        questions: [
          text('What does your manager do well that they should keep doing?', ['DIRECT_REPORT']),
          text('What could your manager do differently to help you and the team?', ['DIRECT_REPORT']),
        ],
      },
    ],
  },
  sprint_review: {
    name: 'Sprint review',
    description: 'A short check-in at the end of each sprint: a few minutes per person.',
    review_type: 'sprint',
    sections: [
      {
        title: 'This sprint',
        questions: [
          {
            kind: 'RATING_COMMENT',
            prompt: 'How well did this person contribute to the sprint goal?',
            self_prompt: 'How well did you contribute to the sprint goal?',
            options: labels,
            perspectives: ['SELF', 'MANAGER', 'PEER'],
            required: true,
            private: false,
          },
          {
            kind: 'SINGLE_CHOICE',
            prompt: 'How was the workload this sprint?',
            self_prompt: 'How was your workload this sprint?',
            options: ['Too light', 'About right', 'Too heavy'],
            perspectives: ['SELF'],
            required: true,
            private: false,
          },
          text('One thing that went well, and one thing to change next sprint.', ['SELF', 'MANAGER', 'PEER'], {
            self_prompt: 'What is one thing that went well for you this sprint, and one thing you would change next sprint?',
            required: false,
          }),
        ],
      },
    ],
  },
};
