// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>

class Page;
class QWidget;
class QlessSession;

// Every page of the window, in navigation order, made for one session.
QList<Page *> createPages(QlessSession *session, QWidget *parent);
