// Scores, accuracy and the results message (docs/product.md#scores-and-result-messages).

export interface AnswerRecord {
  /** The problem as shown, e.g. '7 × 8 = ?'. */
  problem: string;
  userAnswer: string;
  correctAnswer: number;
  isCorrect: boolean;
  /** Epoch ms of the answer, where the mode records it. */
  timeStamp?: number;
}

export interface ScoreSummary {
  score: number;
  totalQuestions: number;
  /** Percent, rounded. */
  accuracy: number;
}

/** Rounded score / total × 100, or 0 with no questions. */
export function accuracy(score: number, total: number): number {
  return total > 0 ? Math.round((score / total) * 100) : 0;
}

export function summarize(records: readonly AnswerRecord[]): ScoreSummary {
  const score = records.filter((record) => record.isCorrect).length;
  return { score, totalQuestions: records.length, accuracy: accuracy(score, records.length) };
}

export function resultMessage(accuracyPercent: number): string {
  if (accuracyPercent >= 90) return "Outstanding!";
  if (accuracyPercent >= 80) return "Excellent!";
  if (accuracyPercent >= 70) return "Great job!";
  if (accuracyPercent >= 60) return "Good effort!";
  return "Keep practicing!";
}
