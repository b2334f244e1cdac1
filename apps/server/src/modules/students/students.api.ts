// The students module's one door: other modules, flows and the app import only this file.
export { studentRoutes } from './student.routes.ts';
export { insertStudents, listAllStudentsOfClient, parseStudentForm, studentsWithEmptyMandatoryFields } from './student.service.ts';
export { listTypedCondition, listTypedConditionsOfFamily } from './typed-condition.ts';
