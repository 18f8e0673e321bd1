/**
 * Lambda response streaming, as the Node.js runtime provides it: the global `awslambda` with
 * `streamifyResponse` and `HttpResponseStream.from(stream, { statusCode, headers })`. Outside
 * Lambda (the local runtime, tests) `installLocalStreaming` puts the same two names in place,
 * with a stream whose `setMeta` writes the status and headers (NOTES: "Lambda response
 * streaming locally").
 */
import type { Writable } from 'node:stream';
import type { Context as LambdaContext } from 'aws-lambda';

/** A Lambda Function URL event (payload format 2.0), the fields this function reads. */
export interface FunctionUrlEvent {
  rawPath: string;
  rawQueryString?: string;
  headers?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
  requestContext?: { requestId?: string; http?: { method?: string; sourceIp?: string } };
}

export type ResponseStream = Writable & { setMeta?: (meta: ResponseMeta) => void };
export interface ResponseMeta {
  statusCode: number;
  headers: Record<string, string>;
}

export type StreamingHandler = (
  event: FunctionUrlEvent,
  stream: ResponseStream,
  context: LambdaContext,
) => Promise<void>;

interface AwsLambdaGlobal {
  streamifyResponse: (handler: StreamingHandler) => unknown;
  HttpResponseStream: { from: (stream: ResponseStream, meta: ResponseMeta) => ResponseStream };
}

// The runtime's global, typed as this module uses it (@types/aws-lambda types it loosely).
const host = globalThis as unknown as { awslambda?: AwsLambdaGlobal };

function runtime(): AwsLambdaGlobal {
  if (!host.awslambda)
    throw new Error('awslambda is missing: run on Lambda, or call installLocalStreaming() first');
  return host.awslambda;
}

/** The local stand-in: a handler is streamified as is; `from` sets the meta on the stream. */
export function installLocalStreaming(): void {
  if (host.awslambda?.streamifyResponse && host.awslambda.HttpResponseStream) return;
  host.awslambda = {
    streamifyResponse: (handler) => handler,
    HttpResponseStream: {
      from: (stream, meta) => {
        stream.setMeta?.(meta);
        return stream;
      },
    },
  };
}

/**
 * Wraps the handler for Lambda response streaming. Outside Lambda (the local runtime, or a script
 * that only loads the bundle, as `npm run bundles` does to time module loading) the local
 * stand-in is installed first, so loading the module never fails.
 */
export function streamify(handler: StreamingHandler): unknown {
  if (!host.awslambda?.streamifyResponse) installLocalStreaming();
  return runtime().streamifyResponse(handler);
}

/** A whole answer: status, headers, body. */
export function writeResponse(
  stream: ResponseStream,
  statusCode: number,
  headers: Record<string, string>,
  body: string,
): void {
  const out = runtime().HttpResponseStream.from(stream, { statusCode, headers });
  out.write(body);
  out.end();
}

/** An SSE answer: the status and headers now, events as they come. */
export function startEventStream(stream: ResponseStream): ResponseStream {
  return runtime().HttpResponseStream.from(stream, {
    statusCode: 200,
    headers: {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}

/** True once the client went away (the stream was destroyed or ended). */
export function streamClosed(stream: ResponseStream): boolean {
  return stream.destroyed || stream.writableEnded;
}
