import { VigilesError } from "../errors.js";

/** The report has no arm of that name: the message lists the arms it does have. */
export class UnknownArmError extends VigilesError {
  readonly arm: string;

  constructor(arm: string, available: readonly string[]) {
    super(
      "VIGILES_UNKNOWN_ARM",
      `The report has no arm "${arm}". Its arms are: ${available.length ? available.map((a) => `"${a}"`).join(", ") : "(none)"}. ` +
        "Check the arm name passed to the comparison against the arms the eval ran.",
    );
    this.arm = arm;
  }
}

/** The arm has no metric of that name: the message lists the metrics it does have. */
export class UnknownMetricError extends VigilesError {
  readonly arm: string;
  readonly metric: string;

  constructor(arm: string, metric: string, available: readonly string[]) {
    super(
      "VIGILES_UNKNOWN_METRIC",
      `Arm "${arm}" has no metric "${metric}". Its metrics are: ${available.length ? available.map((m) => `"${m}"`).join(", ") : "(none)"}. ` +
        "Check the metric name against what the eval's measure function (or check labels) returned.",
    );
    this.arm = arm;
    this.metric = metric;
  }
}

/** A statistic was asked for with inputs it cannot be computed from (negative counts, k > n …). */
export class InvalidStatisticInputError extends VigilesError {
  constructor(message: string) {
    super("VIGILES_INVALID_STATISTIC_INPUT", message);
  }
}
