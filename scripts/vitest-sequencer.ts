import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The process tests first (decision 055): they are the run's longest files (the short stress run
 * alone is almost a third of it), and a long file started last ends the run by itself on one core while
 * the other has nothing left. Started first, the shorter files fill the other core around them.
 * Within each part the order is Vitest's own (by project, then failed and longest first).
 */
export default class ProcessTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isProcess = (file: TestSpecification) => file.project.name === 'process';
    return [...sorted.filter(isProcess), ...sorted.filter((file) => !isProcess(file))];
  }
}
