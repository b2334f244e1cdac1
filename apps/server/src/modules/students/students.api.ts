// The students module's one door: other modules, flows and the app import only this file.
export { studentRoutes } from './student.routes.ts';
export { insertStudent, listAllStudentsOfClient, parseStudentForm, studentsWithEmptyMandatoryFields } from './student.service.ts';
