/** `[1, 2, 3]` → `1–3`, `[1, 3]` → `1, 3`: which pages an export holds. */
export function pagesLabel(numbers: readonly number[]): string {
  const contiguous = numbers.every((page, index) => index === 0 || page === numbers[index - 1]! + 1);
  return contiguous && numbers.length > 2 ? `${numbers[0]}–${numbers.at(-1)}` : numbers.join(', ');
}
