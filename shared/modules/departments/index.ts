/** What other modules may use of the departments module. */
export { Department } from './schemas';
export { DepartmentRecord, departmentExists, findDepartment, nameKey } from './store';
