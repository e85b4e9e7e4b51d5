import { useQuery } from '@tanstack/react-query';
import { caseDetailQuery } from '../../../shared/api/case-queries';

export { caseDetailQuery };

export const useCaseDetail = (caseId: number) => useQuery({ ...caseDetailQuery(caseId), enabled: caseId > 0 });
