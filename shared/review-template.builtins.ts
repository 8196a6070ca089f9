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

const competency = (name: string, prompt: string, help: string, perspectives: readonly (typeof ALL)[number][] = ALL) => ({
  kind: 'COMPETENCY_RATING' as const, competency: name, prompt, help_text: help, options: labels, perspectives: [...perspectives], required: true, private: false,
});
const text = (prompt: string, perspectives: readonly (typeof ALL)[number][], extra: { help_text?: string; required?: boolean; private?: boolean } = {}) => ({
  kind: 'TEXT' as const, prompt, perspectives: [...perspectives], required: extra.required ?? true, private: extra.private ?? false, help_text: extra.help_text ?? null,
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
          competency('Communication', 'How clearly and openly does this person communicate?', 'Think of written and spoken updates, listening, and sharing context early.'),
          competency('Collaboration', 'How well does this person work with others to reach shared goals?', 'Think of helping teammates, giving and receiving feedback, and resolving disagreements.'),
          competency('Technical excellence', 'How strong is the quality of this person\'s technical work?', 'Think of design, code quality, testing, reviews and operational care.'),
          competency('Ownership', 'How well does this person take responsibility for outcomes?', 'Think of following through, raising risks, and fixing problems without being asked.'),
          competency('Growth mindset', 'How actively does this person learn and help others grow?', 'Think of seeking feedback, trying new approaches, and mentoring.'),
        ],
      },
      {
        title: 'Strengths and growth',
        questions: [
          text('What should this person keep doing? Describe one or two strengths with an example.', ALL),
          text('What is one thing this person could do differently to have more impact?', ALL),
          {
            kind: 'MULTIPLE_CHOICE', prompt: 'Which areas would help this person most in the next six months?',
            options: ['Technical depth', 'System design', 'Communication', 'Mentoring others', 'Planning and prioritising', 'Stakeholder management'],
            perspectives: [...OTHERS], required: false, private: false,
          },
          text('Anything the manager should know that you would not say to this person directly?', ['PEER', 'DIRECT_REPORT'], { required: false, private: true }),
        ],
      },
    ],
  },
  manager_review: {
    name: 'Manager review',
    description: 'The manager\'s assessment of a direct report, with the report\'s self-review alongside it.',
    review_type: '360',
    sections: [
      {
        title: 'Performance',
        questions: [
          { kind: 'RATING_COMMENT', prompt: 'Overall, how well were the goals for this period met?', options: labels, perspectives: ['SELF', 'MANAGER'], required: true, private: false, help_text: 'Explain the rating with the results that mattered most.' },
          competency('Ownership', 'How reliably are commitments delivered?', 'Consider scope, quality and timeliness.', ['SELF', 'MANAGER']),
          competency('Technical excellence', 'How strong is the craft shown in the work?', 'Consider quality, judgement and learning.', ['SELF', 'MANAGER']),
          text('What were the most important achievements of this period?', ['SELF', 'MANAGER']),
        ],
      },
      {
        title: 'Looking ahead',
        questions: [
          text('What are the focus areas for the next period?', ['SELF', 'MANAGER']),
          { kind: 'SINGLE_CHOICE', prompt: 'How ready is this person for a larger scope?', options: ['Not yet', 'Within a year', 'Ready now'], perspectives: ['MANAGER'], required: true, private: true },
          text('What support do you need from your manager?', ['SELF'], { required: false }),
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
          { kind: 'RATING', prompt: 'My manager gives me clear goals and context for my work.', options: labels, perspectives: ['DIRECT_REPORT'], required: true, private: false },
          { kind: 'RATING', prompt: 'My manager gives me regular, useful feedback.', options: labels, perspectives: ['DIRECT_REPORT'], required: true, private: false },
          { kind: 'RATING', prompt: 'My manager supports my growth and career.', options: labels, perspectives: ['DIRECT_REPORT'], required: true, private: false },
          { kind: 'RATING', prompt: 'My manager removes obstacles so the team can do its best work.', options: labels, perspectives: ['DIRECT_REPORT'], required: true, private: false },
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
          { kind: 'RATING_COMMENT', prompt: 'How well did this person contribute to the sprint goal?', options: labels, perspectives: ['SELF', 'MANAGER', 'PEER'], required: true, private: false },
          { kind: 'SINGLE_CHOICE', prompt: 'How was the workload this sprint?', options: ['Too light', 'About right', 'Too heavy'], perspectives: ['SELF'], required: true, private: false },
          text('One thing that went well, and one thing to change next sprint.', ['SELF', 'MANAGER', 'PEER'], { required: false }),
        ],
      },
    ],
  },
};
