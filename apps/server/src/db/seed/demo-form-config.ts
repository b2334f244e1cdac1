import type { FormConfigurationInput } from '@portal/shared/form-config';

/**
 * The demo companies' form configurations (decision 019). Only fields the demo records hold are
 * mandatory, so no demo family meets a form it has to complete at sign-in unless a demo says so.
 */

/** Splash: most fields shown, and custom fields of all four types on both forms. */
export const splashFormConfiguration: FormConfigurationInput = {
  customer: {
    fields: [
      { OCRFormFieldNameID: 1, State: 'Mandatory' },
      { OCRFormFieldNameID: 2, State: 'Mandatory' },
      { OCRFormFieldNameID: 3, State: 'Optional' },
      { OCRFormFieldNameID: 4, State: 'Optional' },
      { OCRFormFieldNameID: 5, State: 'Optional' },
      { OCRFormFieldNameID: 6, State: 'Optional' },
      { OCRFormFieldNameID: 7, State: 'Optional' },
      { OCRFormFieldNameID: 8, State: 'Optional' },
      { OCRFormFieldNameID: 9, State: 'Mandatory' },
      { OCRFormFieldNameID: 10, State: 'Hidden' },
      { OCRFormFieldNameID: 11, State: 'Hidden' },
      { OCRFormFieldNameID: 12, State: 'Mandatory' },
      { OCRFormFieldNameID: 13, State: 'Optional' },
      { OCRFormFieldNameID: 14, State: 'Optional' },
    ],
    custom_fields: [
      { CustomFieldID: 101, custom_field: { FieldName: 'Emergency contact', FieldType: 0 } },
      {
        CustomFieldID: 102,
        DefaultItemID: 1,
        custom_field: {
          FieldName: 'Newsletter',
          FieldType: 1,
          custom_field_options: [
            { value: 1, label: 'Monthly' },
            { value: 2, label: 'Term start only' },
            { value: 3, label: 'Never' },
          ],
        },
      },
      {
        CustomFieldID: 103,
        custom_field: {
          FieldName: 'Interested in',
          FieldType: 2,
          custom_field_options: [
            { value: 1, label: 'Adult lessons' },
            { value: 2, label: 'Holiday intensives' },
            { value: 3, label: 'Squad training' },
          ],
        },
      },
      { CustomFieldID: 104, custom_field: { FieldName: 'Happy to volunteer at carnivals', FieldType: 3 } },
    ],
  },
  student: {
    fields: [
      { OCRFormFieldNameID: 15, State: 'Mandatory' },
      { OCRFormFieldNameID: 16, State: 'Mandatory' },
      { OCRFormFieldNameID: 17, State: 'Mandatory' },
      { OCRFormFieldNameID: 18, State: 'Mandatory' },
      { OCRFormFieldNameID: 19, State: 'Optional' },
      { OCRFormFieldNameID: 20, State: 'Hidden' },
      { OCRFormFieldNameID: 21, State: 'Hidden' },
      { OCRFormFieldNameID: 22, State: 'Optional' },
      { OCRFormFieldNameID: 23, State: 'Optional' },
      { OCRFormFieldNameID: 24, State: 'Optional' },
      { OCRFormFieldNameID: 25, State: 'Optional' },
      { OCRFormFieldNameID: 26, State: 'Optional' },
      { OCRFormFieldNameID: 27, State: 'Optional' },
      { OCRFormFieldNameID: 28, State: 'Optional' },
      { OCRFormFieldNameID: 29, State: 'Optional' },
    ],
    custom_fields: [
      { CustomFieldID: 201, custom_field: { FieldName: 'Swimming experience', FieldType: 0 } },
      {
        CustomFieldID: 202,
        DefaultItemID: 2,
        custom_field: {
          FieldName: 'Swim cap size',
          FieldType: 1,
          custom_field_options: [
            { value: 1, label: 'Small' },
            { value: 2, label: 'Medium' },
            { value: 3, label: 'Large' },
          ],
        },
      },
      {
        CustomFieldID: 203,
        custom_field: {
          FieldName: 'Goals',
          FieldType: 2,
          custom_field_options: [
            { value: 1, label: 'Water confidence' },
            { value: 2, label: 'Stroke technique' },
            { value: 3, label: 'Water safety' },
            { value: 4, label: 'Squad preparation' },
          ],
        },
      },
      { CustomFieldID: 204, custom_field: { FieldName: 'Happy to put face in the water', FieldType: 3 } },
    ],
  },
};

/** Ace: a lean configuration that hides fields and calls others by its own names. */
export const aceFormConfiguration: FormConfigurationInput = {
  customer: {
    fields: [
      { OCRFormFieldNameID: 1, State: 'Mandatory' },
      { OCRFormFieldNameID: 2, State: 'Mandatory' },
      { OCRFormFieldNameID: 5, State: 'Optional' },
      { OCRFormFieldNameID: 9, State: 'Mandatory', DisplayName: 'Cell phone' },
      { OCRFormFieldNameID: 12, State: 'Mandatory' },
      { OCRFormFieldNameID: 14, State: 'Optional', DisplayName: 'Anything the coaches should know' },
    ],
  },
  student: {
    fields: [
      { OCRFormFieldNameID: 15, State: 'Mandatory', DisplayName: 'Player first name' },
      { OCRFormFieldNameID: 16, State: 'Mandatory', DisplayName: 'Player last name' },
      { OCRFormFieldNameID: 17, State: 'Mandatory', DisplayName: 'Birthday' },
      { OCRFormFieldNameID: 18, State: 'Optional' },
      { OCRFormFieldNameID: 23, State: 'Optional', DisplayName: 'Ball colour' },
      { OCRFormFieldNameID: 24, State: 'Optional', DisplayName: 'Health notes' },
      { OCRFormFieldNameID: 28, State: 'Optional', DisplayName: 'Coach notes' },
    ],
    custom_fields: [
      {
        CustomFieldID: 301,
        custom_field: {
          FieldName: 'Plays with',
          FieldType: 1,
          custom_field_options: [
            { value: 1, label: 'Right hand' },
            { value: 2, label: 'Left hand' },
          ],
        },
      },
    ],
  },
};
