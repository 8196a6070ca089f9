import type { BuiltinTrack } from './growth.js';

/**
 * The built-in starting framework for software engineering (docs/decisions/0050), written for
 * Teamlens: admins copy a track into their organization and edit the copy. One expectation per
 * competency and level, in the levels' order.
 */
export const BUILTIN_TRACKS: BuiltinTrack[] = [
  {
    key: 'engineering-ic',
    name: 'Engineering IC',
    description: 'Individual contributors who design, build and run software, from their first role to organization-wide technical leadership.',
    levels: [
      { name: 'Engineer I', description: 'Learning the codebase and the team’s ways of working; delivers well-scoped tasks with guidance.' },
      { name: 'Engineer II', description: 'Delivers features on their own and is a dependable member of the team.' },
      { name: 'Senior Engineer', description: 'Leads projects of the team end to end and raises the bar of the people around them.' },
      { name: 'Staff Engineer', description: 'Shapes the technical direction of several teams and solves problems nobody owns yet.' },
      { name: 'Principal Engineer', description: 'Sets technical direction for the organization and is trusted with its hardest, longest-lived decisions.' },
    ],
    competencies: [
      {
        name: 'Technical skill',
        description: 'Knowledge of languages, tools and systems, and the judgement to pick the right approach.',
        expectations: [
          'Fixes bugs and builds small changes in one part of the system, asking for help when stuck for more than a few hours.',
          'Builds features across the stack of their team’s services without step-by-step guidance, and debugs problems in code they did not write.',
          'Designs components that others build on, weighs trade-offs in writing and picks approaches the team can maintain.',
          'Designs systems that span several teams, anticipates scaling and failure modes, and untangles problems others gave up on.',
          'Makes architecture choices the whole organization relies on for years, and is consulted on the hardest technical questions.',
        ],
      },
      {
        name: 'Code quality',
        description: 'Readable, tested and maintainable work, and care for the codebase as a whole.',
        expectations: [
          'Writes clear code with tests for the change, and acts on review comments promptly.',
          'Leaves code better than they found it, writes tests that catch real regressions and gives useful reviews.',
          'Sets the quality bar of the team: reviews catch design problems early and refactorings are planned, not left for later.',
          'Introduces practices, tooling or checks that raise quality across several teams.',
          'Defines the engineering standards of the organization and makes them easy to follow.',
        ],
      },
      {
        name: 'Delivery',
        description: 'Turning plans into working software in users’ hands, predictably.',
        expectations: [
          'Finishes the tasks they pick up and says early when something will take longer than planned.',
          'Breaks features into small shippable steps and delivers them at the pace they committed to.',
          'Plans and leads a project of several people to release, adjusting scope to hit what matters.',
          'Keeps multi-team initiatives moving by removing technical blockers and sequencing the work.',
          'Makes the organization faster at shipping through the structure of its systems and processes.',
        ],
      },
      {
        name: 'Ownership',
        description: 'Taking responsibility for outcomes, including what happens after the release.',
        expectations: [
          'Follows a change through to production and checks that it works there.',
          'Owns a feature or service: watches its health, answers its incidents and fixes root causes.',
          'Owns the reliability of the team’s area, leads incident reviews and turns them into lasting fixes.',
          'Takes on problems that fall between teams and sees them through to a resolution.',
          'Holds themself accountable for the technical health of the whole organization.',
        ],
      },
      {
        name: 'Communication',
        description: 'Sharing information clearly in writing and in conversation.',
        expectations: [
          'Asks clear questions and gives short, accurate status updates.',
          'Writes pull requests and tickets others understand without a follow-up conversation.',
          'Writes design documents that lead to a decision, and explains technical trade-offs to non-engineers.',
          'Aligns several teams and their leads around a technical plan, in writing and in person.',
          'Explains the organization’s technical strategy to leadership and to the whole company.',
        ],
      },
      {
        name: 'Collaboration and mentoring',
        description: 'Working well with others and helping them grow.',
        expectations: [
          'Works openly with the team, shares what they learn and is easy to help.',
          'Helps teammates unblock their work and pairs with newer engineers.',
          'Mentors one or more engineers and makes onboarding to the team’s area easier.',
          'Grows senior engineers across teams and builds communities of practice.',
          'Develops the next generation of technical leaders of the organization.',
        ],
      },
      {
        name: 'Product sense',
        description: 'Understanding users and the business, and letting it shape technical choices.',
        expectations: [
          'Knows who uses the feature they work on and what it is for.',
          'Questions requirements that do not serve users and suggests simpler alternatives.',
          'Shapes the team’s roadmap with product and design, using data and user feedback.',
          'Spots product opportunities that technology makes possible and makes the case for them.',
          'Connects the organization’s technical investments to the company’s strategy.',
        ],
      },
    ],
  },
  {
    key: 'engineering-manager',
    name: 'Engineering Manager',
    description: 'Managers who lead engineering teams: their people, their delivery and their place in the organization.',
    levels: [
      { name: 'Engineering Manager', description: 'Leads one team of engineers.' },
      { name: 'Senior Engineering Manager', description: 'Leads several teams or a large team, often through other leads.' },
      { name: 'Director of Engineering', description: 'Leads a group of teams and their managers, and shapes the engineering organization.' },
    ],
    competencies: [
      {
        name: 'People development',
        description: 'Growing the people on the team through feedback, coaching and opportunities.',
        expectations: [
          'Holds regular one-on-ones, gives timely feedback and agrees a development plan with each report.',
          'Grows managers and senior engineers, and has a succession plan for key roles.',
          'Builds a culture of growth across the group, with fair and consistent promotions.',
        ],
      },
      {
        name: 'Hiring',
        description: 'Finding, selecting and welcoming the right people.',
        expectations: [
          'Runs hiring for the team with a structured, fair process and onboards new people well.',
          'Improves the hiring process across teams and trains interviewers.',
          'Plans headcount for the group and builds a diverse, balanced organization.',
        ],
      },
      {
        name: 'Delivery management',
        description: 'Making sure the team ships what matters, sustainably.',
        expectations: [
          'Keeps the team’s commitments realistic, tracks progress and surfaces risks early.',
          'Coordinates delivery across teams and removes organizational blockers.',
          'Sets up the planning and delivery practices of the whole group.',
        ],
      },
      {
        name: 'Strategy',
        description: 'Choosing where the team invests and why.',
        expectations: [
          'Sets quarterly goals for the team that tie back to the company’s goals.',
          'Shapes a multi-quarter plan for several teams, balancing product work and technical health.',
          'Defines the engineering strategy of the group and the structure of teams that serves it.',
        ],
      },
      {
        name: 'Stakeholder communication',
        description: 'Keeping partners and leadership informed and aligned.',
        expectations: [
          'Keeps product, design and neighbouring teams informed of plans, progress and changes.',
          'Represents several teams to senior stakeholders and negotiates priorities.',
          'Speaks for engineering in company leadership and earns trust for its decisions.',
        ],
      },
      {
        name: 'Team health',
        description: 'A team that works well together, sustainably and inclusively.',
        expectations: [
          'Notices problems in the team early, handles conflict fairly and protects a sustainable pace.',
          'Builds healthy, inclusive teams whose leads handle their own team health.',
          'Shapes the culture of the engineering organization and measures how it is doing.',
        ],
      },
    ],
  },
];

export const builtinTrack = (key: string): BuiltinTrack | undefined => BUILTIN_TRACKS.find((t) => t.key === key);
