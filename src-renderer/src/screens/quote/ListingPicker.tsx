// Moved to components/ (the quote, calendar and references screens share it).
export { ListingPicker, pickerLabel } from '../../components/ListingPicker'
