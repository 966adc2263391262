/** One sample of Prometheus text exposition: `name{label="value",…} number`. */
export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL_PAIR = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Parses the text a /metrics endpoint answers (comments skipped), so tests can read values by name and labels. */
export function parsePrometheusText(text: string): PrometheusSample[] {
  const samples: PrometheusSample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE_LINE.exec(line);
    if (line.startsWith('#') || !match) continue;
    const [, name = '', labelText = '', value = ''] = match;
    const labels: Record<string, string> = {};
    for (const [, key = '', labelValue = ''] of labelText.matchAll(LABEL_PAIR)) labels[key] = labelValue;
    samples.push({ name, labels, value: Number(value) });
  }
  return samples;
}

/** The value of the one sample with exactly these labels, or undefined when there is none. */
export function sampleValue(
  samples: readonly PrometheusSample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const wanted = Object.entries(labels);
  return samples.find(
    (sample) =>
      sample.name === name &&
      Object.keys(sample.labels).length === wanted.length &&
      wanted.every(([key, value]) => sample.labels[key] === value),
  )?.value;
}

/** Every sample of a metric, e.g. to check which label values exist at all. */
export function samplesOf(samples: readonly PrometheusSample[], name: string): PrometheusSample[] {
  return samples.filter((sample) => sample.name === name);
}
