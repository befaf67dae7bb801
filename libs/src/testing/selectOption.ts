import { fireEvent, waitFor, within } from '@testing-library/react';

/** Picks an option of an antd Select found by its label (antd renders options in a popup). */
export async function chooseOption(label: string, optionText: string, container: HTMLElement = document.body): Promise<void> {
  const combobox = within(container).getByLabelText(label);
  fireEvent.mouseDown(combobox);
  const option = await waitFor(() => {
    const candidates = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-item-option')).filter((node) => node.getAttribute('title') === optionText || node.textContent === optionText);
    const last = candidates[candidates.length - 1];
    if (!last) throw new Error(`No option "${optionText}" for ${label}`);
    return last;
  });
  fireEvent.click(option);
}
