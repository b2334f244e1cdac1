import { CustomFieldType, fixedFieldList, type FormConfigurationInput } from '@portal/shared/form-config';

/**
 * The demo companies' form configurations (decision 019). Only fields the demo records hold are
 * mandatory, so no demo family meets a form it has to complete at sign-in unless a demo says so.
 */

/** A custom field; a selection's items are numbered from 1 in the order given. */
function customField(CustomFieldID: number, FieldName: string, type: keyof typeof CustomFieldType, items: string[] = [], DefaultItemID?: number) {
  return {
    CustomFieldID,
    ...(DefaultItemID === undefined ? {} : { DefaultItemID }),
    custom_field: {
      FieldName,
      FieldType: CustomFieldType[type],
      ...(items.length > 0 ? { custom_field_options: items.map((label, i) => ({ value: i + 1, label })) } : {}),
    },
  };
}

/** Splash: most fields shown, and custom fields of all four types on both forms. */
export const splashFormConfiguration: FormConfigurationInput = {
  customer: {
    fields: fixedFieldList('customer', {
      firstName: 'Mandatory',
      lastName: 'Mandatory',
      gender: 'Optional',
      regID: 'Optional',
      address: 'Optional',
      billingAddress: 'Optional',
      homePhone: 'Optional',
      workPhone: 'Optional',
      mobilePhone: 'Mandatory',
      mobilePhone2: 'Hidden',
      fax: 'Hidden',
      email: 'Mandatory',
      email2: 'Optional',
      notes: 'Optional',
    }),
    custom_fields: [
      customField(101, 'Emergency contact', 'freeText'),
      // No default: a marketing preference is the family's own to choose (the swimmers' cap size keeps one, to show the feature).
      customField(102, 'Newsletter', 'singleSelectionDD', ['Monthly', 'Term start only', 'Never']),
      customField(103, 'Interested in', 'multiSelectionDD', ['Adult lessons', 'Holiday intensives', 'Squad training']),
      customField(104, 'Happy to volunteer at carnivals', 'yesOrNoDD'),
    ],
  },
  student: {
    fields: fixedFieldList('student', {
      firstName: 'Mandatory',
      lastName: 'Mandatory',
      dateOfBirth: 'Mandatory',
      gender: 'Mandatory',
      regID: 'Optional',
      mobile: 'Hidden',
      email: 'Hidden',
      address: 'Optional',
      standard: 'Optional',
      medicalConditions: 'Optional',
      referralSource: 'Optional',
      school: 'Optional',
      venue: 'Optional',
      notes: 'Optional',
      preferredDays: 'Optional',
    }),
    custom_fields: [
      customField(201, 'Swimming experience', 'freeText'),
      customField(202, 'Swim cap size', 'singleSelectionDD', ['Small', 'Medium', 'Large'], 2),
      customField(203, 'Goals', 'multiSelectionDD', ['Water confidence', 'Stroke technique', 'Water safety', 'Squad preparation']),
      customField(204, 'Happy to put face in the water', 'yesOrNoDD'),
    ],
  },
};

/** Ace: a lean configuration that hides fields and calls others by its own names; custom fields of all four types (E20). */
export const aceFormConfiguration: FormConfigurationInput = {
  customer: {
    fields: fixedFieldList('customer', {
      firstName: 'Mandatory',
      lastName: 'Mandatory',
      address: 'Optional',
      mobilePhone: { State: 'Mandatory', DisplayName: 'Cell phone' },
      email: 'Mandatory',
      notes: { State: 'Optional', DisplayName: 'Anything the coaches should know' },
    }),
    custom_fields: [
      customField(111, 'Club membership number', 'freeText'),
      customField(112, 'How often do you play?', 'singleSelectionDD', ['Weekly', 'Monthly', 'Rarely']),
      customField(113, 'Also interested in', 'multiSelectionDD', ['Cardio tennis', 'Social doubles', 'Pickleball']),
      customField(114, 'Happy to be called for a fill-in game', 'yesOrNoDD'),
    ],
  },
  student: {
    fields: fixedFieldList('student', {
      firstName: { State: 'Mandatory', DisplayName: 'Player first name' },
      lastName: { State: 'Mandatory', DisplayName: 'Player last name' },
      dateOfBirth: { State: 'Mandatory', DisplayName: 'Birthday' },
      gender: 'Optional',
      standard: { State: 'Optional', DisplayName: 'Ball colour' },
      medicalConditions: { State: 'Optional', DisplayName: 'Health notes' },
      notes: { State: 'Optional', DisplayName: 'Coach notes' },
    }),
    custom_fields: [
      customField(301, 'Plays with', 'singleSelectionDD', ['Right hand', 'Left hand']),
      customField(302, 'Racquet size', 'freeText'),
      customField(303, 'Wants to work on', 'multiSelectionDD', ['Serve', 'Backhand', 'Volleys', 'Match play']),
      customField(304, 'Has played in a tournament', 'yesOrNoDD'),
    ],
  },
};

/** Thames: the default fields (U16), with custom fields of all four types (E20). */
export const thamesFormConfiguration: FormConfigurationInput = {
  customer: {
    fields: fixedFieldList('customer', { firstName: 'Mandatory', lastName: 'Mandatory', email: 'Mandatory', mobilePhone: 'Mandatory', homePhone: 'Optional', address: 'Optional', notes: 'Optional' }),
    custom_fields: [
      customField(121, 'Emergency contact', 'freeText'),
      customField(122, 'How did you hear of us?', 'singleSelectionDD', ['A friend', 'A show', 'Online']),
      customField(123, 'Happy to help with', 'multiSelectionDD', ['Costumes', 'Front of house', 'Backstage']),
      customField(124, 'Photos of your dancer may be shared', 'yesOrNoDD'),
    ],
  },
  student: {
    fields: fixedFieldList('student', { firstName: 'Mandatory', lastName: 'Mandatory', dateOfBirth: 'Mandatory', gender: 'Optional', medicalConditions: 'Optional', notes: 'Optional' }),
    custom_fields: [
      customField(401, 'Shoe size', 'freeText'),
      customField(402, 'Leotard size', 'singleSelectionDD', ['Child S', 'Child M', 'Child L'], 2),
      customField(403, 'Styles of interest', 'multiSelectionDD', ['Ballet', 'Tap', 'Contemporary', 'Jazz']),
      customField(404, 'Taking exams this year', 'yesOrNoDD'),
    ],
  },
};
