/**
 * The part of starting a mock model that every adapter shares: one script session, the recorded
 * requests and overruns, the count of answered main-agent turns, scripted delays cancelled on close,
 * and the listener on 127.0.0.1 (and a unix socket for a confined run). The adapter's mock supplies
 * only its route: how its wire format names a request, bookkeeping and an answer.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ModelRequest } from "../../core/trace.js";
import type { ModelScript, ModelScriptInput, RunningMock } from "../port.js";
import { listenMock, scriptedDelays } from "./http.js";
import { ScriptSession, toModelScript } from "./script.js";
import { serveScriptedTurn, type AnswerTurn, type ServeTurnContext } from "./serve-turn.js";

/** What a mock's route can do with the run's script. */
export interface ScriptedMockRoute {
  readonly script: ModelScript;
  /** Records a request that reached the mock (every one, bookkeeping included, in arrival order). */
  record(request: ModelRequest): void;
  /**
   * The next scripted answer for `request`, for the route to write in its wire format; undefined when
   * the response was already sent (an overrun, a scripted error). A main-agent answer is counted.
   */
  serveTurn(request: ModelRequest, res: ServerResponse): Promise<AnswerTurn | undefined>;
  /** Whether the script's `byRequest` answers this request: a side-channel one is then served, not waved through. */
  scripts(request: ModelRequest): boolean;
}

export interface ScriptedMockOptions {
  /** Also listen on this unix socket (a confined run relays to it from inside its network namespace). */
  readonly socketPath?: string;
  /** The harness API's error body, for overruns, scripted errors and a route that threw. */
  readonly errorBody: ServeTurnContext["errorBody"];
}

/** A running mock, with the turns it served per script label ("main agent", each subagent). */
export interface ScriptedMock extends RunningMock {
  served(): Record<string, number>;
}

/** Starts a mock serving `script` through the route `routeOf` builds; close it when the run is over. */
export async function startScriptedMock(
  script: ModelScriptInput,
  options: ScriptedMockOptions,
  routeOf: (mock: ScriptedMockRoute) => (req: IncomingMessage, res: ServerResponse) => Promise<void>,
): Promise<ScriptedMock> {
  const model = toModelScript(script);
  const session = new ScriptSession(model);
  const requests: ModelRequest[] = [];
  const overruns: string[] = [];
  let answeredTurns = 0;
  // Scripted delays still pending when the mock closes are dropped, so a killed run leaves no timer behind.
  const delays = scriptedDelays();
  const turnContext: ServeTurnContext = {
    session,
    overruns,
    sleep: delays.sleep,
    errorBody: options.errorBody,
  };

  const handle = routeOf({
    script: model,
    record: (request) => {
      requests.push(request);
    },
    serveTurn: async (request, res) => {
      const turn = await serveScriptedTurn(request, res, turnContext);
      if (turn !== undefined && request.agentId === undefined && !request.sideChannel) answeredTurns += 1;
      return turn;
    },
    scripts: (request) => session.answers(request),
  });
  const server = await listenMock(handle, (message) => options.errorBody(500, message), options.socketPath);
  return {
    url: server.url,
    port: server.port,
    ...(server.socketPath !== undefined ? { socketPath: server.socketPath } : {}),
    requests,
    overruns,
    answeredTurns: () => answeredTurns,
    served: () => session.served(),
    unservedTurns: () => session.unserved(),
    close: async () => {
      delays.cancelAll();
      await server.close();
    },
  };
}
