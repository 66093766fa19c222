#include "pagelist.h"

#include "overviewpage.h"

QList<Page *> createPages(QlessSession *session, QWidget *parent)
{
    return {
        new OverviewPage(session, parent),
    };
}
