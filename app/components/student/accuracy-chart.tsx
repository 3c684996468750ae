import type { AccuracyChart } from "~/school-rules/accuracy-chart";
import { PROGRESS_MESSAGES, type ProgressWords } from "~/utils/progress-messages";

/**
 * The chart of a pupil's accuracy over their recent games, drawn as SVG by the server (no script needed). Screen
 * readers get its title and a description in words, and everyone can open the numbers as a table.
 */
export function AccuracyChartView({
  chart,
  words: P = PROGRESS_MESSAGES,
}: {
  chart: AccuracyChart | null;
  /** The pupil's own words by default; the parent page's speak to the parent (docs/product.md#parents). */
  words?: ProgressWords;
}) {
  return (
    <section className="card student-chart" aria-labelledby="chart-heading">
      <h2 id="chart-heading">{P.chartHeading}</h2>
      {chart ? <ChartFigure chart={chart} words={P} /> : <p>{P.noGames}</p>}
    </section>
  );
}

function ChartFigure({ chart, words: P }: { chart: AccuracyChart; words: ProgressWords }) {
  const { plot } = chart;
  return (
    <>
      <svg
        className="accuracy-chart"
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        role="img"
        aria-labelledby="chart-title chart-desc"
        data-testid="accuracy-chart"
      >
        <title id="chart-title">{chart.title}</title>
        <desc id="chart-desc">{chart.description}</desc>
        {chart.gridLines.map((grid) => (
          <g key={grid.label} className="chart-grid">
            <line x1={plot.left} x2={plot.right} y1={grid.y} y2={grid.y} />
            <text x={plot.left - 6} y={grid.y + 4} textAnchor="end">
              {grid.label}
            </text>
          </g>
        ))}
        <path className="chart-line" d={chart.line} />
        {chart.points.map((point) => (
          <circle
            key={point.game}
            className={point.accuracy >= 70 ? "chart-point chart-point-good" : "chart-point"}
            cx={point.x}
            cy={point.y}
            r={5}
          />
        ))}
        <text className="chart-axis" x={plot.left} y={chart.height - 8} textAnchor="start">
          Oldest
        </text>
        <text className="chart-axis" x={plot.right} y={chart.height - 8} textAnchor="end">
          Newest
        </text>
      </svg>
      {/* What the two kinds of dot mean, in words (the 70% of a streak: docs/product.md#progress-maths). */}
      <ul className="chart-legend" data-testid="chart-legend">
        <li>
          <ChartKey good /> {P.chartGood}
        </li>
        <li>
          <ChartKey good={false} /> {P.chartLow}
        </li>
      </ul>
      <details className="chart-numbers">
        <summary>{P.showNumbers}</summary>
        <table className="answers-table">
          <caption className="visually-hidden">{chart.title}</caption>
          <thead>
            <tr>
              <th scope="col">Game</th>
              <th scope="col">Date</th>
              <th scope="col">Score</th>
              <th scope="col">Accuracy</th>
            </tr>
          </thead>
          <tbody>
            {chart.points.map((point) => (
              <tr key={point.game}>
                <td>{point.game}</td>
                <td>{point.date}</td>
                <td>
                  {point.score} / {point.totalQuestions}
                </td>
                <td>{point.accuracy}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

/** A dot as the chart draws it, for the legend. */
function ChartKey({ good }: { good: boolean }) {
  return (
    <svg className="chart-key" viewBox="0 0 20 20" aria-hidden="true">
      <circle className={good ? "chart-point chart-point-good" : "chart-point"} cx="10" cy="10" r="6" />
    </svg>
  );
}
