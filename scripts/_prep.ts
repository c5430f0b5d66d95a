import { prepareOrdersDatabase } from "/work/main/scripts/bench/admin-orders-data";
prepareOrdersDatabase().then((d) => console.log("sample", d.orders.length, d.first, d.last), (e) => { console.error(e); process.exitCode = 1; });
