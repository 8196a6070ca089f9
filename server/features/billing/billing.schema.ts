import { BILLING_STATUSES, OPERATOR_SETTABLE_STATUSES, SEAT_STATES } from '../../../shared/billing.js';

/** Billing's GraphQL types and operations (docs/decisions/0068). */
export const billingSchema = /* GraphQL */ `
  "How this server bills: NONE (self-hosted, no plans or limits), PLANS (the operator's plans), STRIPE (the plans paid through Stripe)."
  enum BillingMode { NONE PLANS STRIPE }
  enum BillingStatus { ${BILLING_STATUSES.join(' ')} }
  enum OperatorBillingStatus { ${OPERATOR_SETTABLE_STATUSES.join(' ')} }
  "ACTIVE: joined; INVITED: an invitation sent or still to send."
  enum SeatState { ${SEAT_STATES.join(' ')} }
  type BillingPlan {
    id: ID!
    name: String!
    "null: no limit (a per-seat plan)."
    seat_limit: Int
    per_seat: Boolean!
    features: [String!]!
    trial_days: Int!
    price_label: String
    "Whether an admin can subscribe to it through Stripe Checkout (stripe mode, a plan with a price)."
    can_checkout: Boolean!
  }
  "Seats: active people plus pending invitations; deactivated, demo and removed people never count."
  type SeatCount { seats: Int! active: Int! invited: Int! }
  type SeatsNotCounted { deactivated: Int! demo: Int! removed: Int! }
  "One month of the seat history: the highest and the latest daily count (null: no data)."
  type SeatMonth { month: String! label: String! highest: Int latest: Int }
  type BillingOverview {
    mode: BillingMode!
    "The organization that runs this server: never billed, limited or read-only."
    exempt: Boolean!
    plan: BillingPlan
    status: BillingStatus!
    seats: SeatCount!
    "null: no limit."
    seat_limit: Int
    not_counted: SeatsNotCounted!
    history: [SeatMonth!]!
    "The history holds the demo organization's sample rows (removed with the demo data)."
    history_is_demo: Boolean!
    trial_ends_at: DateTime
    "The renewal date, or the end date when the plan is cancelled at the period's end."
    current_period_end: DateTime
    cancel_at_period_end: Boolean!
    past_due_since: DateTime
    "When a past-due organization becomes read-only for new content, unless paid before."
    read_only_from: DateTime
    grace_days: Int!
    "The plans an admin can see (and in stripe mode choose)."
    plans: [BillingPlan!]!
    "Stripe mode with a customer: the Customer Portal (cards, invoices, cancelling) can be opened."
    can_manage_payment: Boolean!
  }
  type SeatPerson { id: ID! full_name: String! email: String! state: SeatState! invited_at: DateTime last_login: DateTime }
  type SeatPeoplePage { people: [SeatPerson!]! total: Int! }
  type BillingInvoice { id: ID! number: String created: DateTime! "In the currency's smallest unit (cents)." amount: Int! currency: String! status: String! hosted_url: String pdf_url: String }
  type BillingInvoices {
    "false: no invoices in this mode, or no Stripe customer yet."
    available: Boolean!
    invoices: [BillingInvoice!]!
    "Why the list could not be read from Stripe (it is shown without failing the page)."
    error: String
  }
  "What the app shell tells people about billing: past due (admins), read-only (everyone)."
  type BillingNotice { status: BillingStatus! message: String! read_only_from: DateTime }
  type OrganizationBilling {
    organization_id: ID!
    name: String!
    is_operator: Boolean!
    plan: BillingPlan
    status: BillingStatus!
    seats: Int!
    "The limit that applies (the organization's own, else its plan's); null: none."
    seat_limit: Int
    "The operator's limit for this organization, in place of the plan's."
    own_seat_limit: Int
    renews_at: DateTime
    trial_ends_at: DateTime
    cancel_at_period_end: Boolean!
    created_at: DateTime!
  }
  "plans mode: null plan_id removes the plan; null seat_limit uses the plan's; null status derives it (a new plan starts its trial)."
  input OrganizationBillingInput { organization_id: ID! plan_id: ID seat_limit: Int status: OperatorBillingStatus }
  extend type Query {
    "Admin: the organization's plan, seats, seat history and payment state."
    billing: BillingOverview!
    "Admin: who counts as a seat, by name (at most first, default 50, max 200)."
    billingSeatPeople(q: String, state: SeatState, first: Int): SeatPeoplePage!
    "Admin: the latest invoices from Stripe (stripe mode)."
    billingInvoices: BillingInvoices!
    "Signed in: a notice for the app shell, or null."
    billingNotice: BillingNotice
    "Admin of the operator organization: every organization's plan, seats and status."
    operatorBilling: [OrganizationBilling!]!
  }
  extend type Mutation {
    "Admin (stripe mode): a Stripe Checkout page to subscribe to the plan or change to it; answers its URL."
    startBillingCheckout(plan_id: ID!): String!
    "Admin (stripe mode): a Stripe Customer Portal page for cards, invoices and cancelling; answers its URL."
    openBillingPortal: String!
    "Admin of the operator organization (plans mode): an organization's plan, seat limit and status."
    setOrganizationBilling(input: OrganizationBillingInput!): OrganizationBilling!
  }
`;
