import { answerAudience } from '../../../shared/review-audience.js';
import type { ReviewRequest } from './review-cycles.api.js';

/** "Who sees your answers", from the cycle's settings for this request (docs/decisions/0031). */
export function AnswerAudience({ request }: { request: ReviewRequest }) {
  const self = request.perspective === 'SELF';
  const audience = answerAudience({
    perspective: request.perspective,
    threshold: request.anonymity_threshold,
    revieweeName: self ? 'you' : (request.reviewee?.full_name ?? 'The person reviewed'),
    privateQuestions: request.questions.filter((q) => q.private).length,
  });
  return (
    <section className="tile rc-audience" aria-labelledby="rc-audience-title">
      <h2 id="rc-audience-title" className="section-title">
        Who sees your answers
      </h2>
      <p>
        <span className={`rc-badge rc-badge-${audience.signed ? 'signed' : 'anonymous'}`}>{audience.signed ? 'Signed' : 'Anonymous'}</span> {audience.summary}
      </p>
      <ul>
        {audience.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </section>
  );
}
