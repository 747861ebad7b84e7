/** One line of the results table. */
export interface Row {
  scenario: string;
  metric: string;
  ours: number;
  baseline?: number;
  ratio?: number;
  unit: string;
  goal: string;
  met: boolean;
  /** Every round's numbers, so a reader can see the spread. */
  rounds?: { ours: number[]; baseline?: number[] };
}

export interface RunOptions {
  rounds: number;
  quick: boolean;
}

export interface Scenario {
  name: string;
  description: string;
  run(options: RunOptions): Promise<Row[]>;
}
