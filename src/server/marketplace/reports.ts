import { type SpApiClient, SpApiError } from './sp-api-client';

// Reports 2021-06-30: createReport → getReport until DONE → getReportDocument → the document.

export const REPORT_NAMES: Readonly<Record<string, string>> = {
  GET_MERCHANT_LISTINGS_ALL_DATA: 'All Listings',
  GET_RESTOCK_INVENTORY_RECOMMENDATIONS_REPORT: 'Restock',
  GET_FLAT_FILE_ALL_ORDERS_DATA_BY_ORDER_DATE_GENERAL: 'All Orders',
};

export type ReportRequest = {
  reportType: string;
  marketplaceId: string;
  dataStartTime?: string;
};

export type PollOptions = { pollMs: number; maxPolls: number; sleep: (ms: number) => Promise<void> };

const path = '/reports/2021-06-30';

export async function fetchReport(
  client: SpApiClient,
  request: ReportRequest,
  poll: PollOptions,
): Promise<string> {
  const name = REPORT_NAMES[request.reportType] ?? request.reportType;
  const created = await client.post<{ reportId?: unknown }>(`${path}/reports`, {
    reportType: request.reportType,
    marketplaceIds: [request.marketplaceId],
    ...(request.dataStartTime ? { dataStartTime: request.dataStartTime } : {}),
  });
  if (typeof created.reportId !== 'string' || !/^[\w-]{1,100}$/.test(created.reportId)) {
    throw new SpApiError('bad-answer', `Amazon did not answer a report id for the ${name} report.`);
  }
  for (let polls = 0; polls < poll.maxPolls; polls++) {
    const report = await client.get<{ processingStatus?: unknown; reportDocumentId?: unknown }>(
      `${path}/reports/${created.reportId}`,
    );
    switch (report.processingStatus) {
      case 'DONE': {
        if (typeof report.reportDocumentId !== 'string' || !/^[\w.-]{1,200}$/.test(report.reportDocumentId)) {
          throw new SpApiError('bad-answer', `Amazon finished the ${name} report without a document.`);
        }
        const document = await client.get<{ url?: unknown; compressionAlgorithm?: unknown }>(
          `${path}/documents/${report.reportDocumentId}`,
        );
        if (typeof document.url !== 'string' || !/^https?:\/\//.test(document.url)) {
          throw new SpApiError('bad-answer', `Amazon answered no address for the ${name} report's document.`);
        }
        const compression =
          typeof document.compressionAlgorithm === 'string' ? document.compressionAlgorithm : undefined;
        return client.download(document.url, compression);
      }
      case 'FATAL':
        throw new SpApiError(
          'report-failed',
          `Amazon could not build the ${name} report (FATAL). The step will be tried again at the next sync.`,
        );
      case 'CANCELLED':
        throw new SpApiError(
          'report-failed',
          `Amazon cancelled the ${name} report (no data for the period, or too many requests of it today).`,
        );
      case 'IN_QUEUE':
      case 'IN_PROGRESS':
        await poll.sleep(poll.pollMs);
        break;
      default:
        throw new SpApiError('bad-answer', `Amazon answered an unknown state for the ${name} report.`);
    }
  }
  throw new SpApiError(
    'report-failed',
    `Amazon had not finished the ${name} report after waiting; the step will be tried again at the next sync.`,
  );
}
