import { availabilityText, jobText } from './staffColumns';

describe('team directory cells', () => {
  it('shows at most three assignments joined by a bullet', () => {
    expect(jobText(['Guide', 'Driver', 'Cook', 'Cleaner'])).toBe('Guide • Driver • Cook');
    expect(jobText(null)).toBe('');
  });

  it('lists available days Monday to Sunday', () => {
    expect(availabilityText({ sun: true, mon: true, wed: false, fri: true })).toBe('Mon, Fri, Sun');
    expect(availabilityText({})).toBe('');
    expect(availabilityText('mon')).toBe('');
  });
});
